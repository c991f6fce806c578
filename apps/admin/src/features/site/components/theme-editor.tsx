import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Theme } from '@panalo/contract/merchant';
import type { OpsSite } from '@panalo/contract/content-ops';
import { contrastFailures } from '@panalo/contract/theme-contrast';
import { themeVariables } from '@panalo/contract/theme-vars';
import { DecisionModal } from '../../../components/decision-modal';
import { ThemeColoursFields } from '../../../components/theme-colours';
import { notice } from '../../../components/notice';
import { siteKeys } from '../api/keys';
import { saveTheme } from '../api/site';

/**
 * The member site's colours with a live preview: the site's own home page in a frame of phone size,
 * the colours being edited set on it as the site sets them (the same CSS variables), before anything is
 * saved. Unreadable text pairs are named as they appear and the server refuses them too.
 */
export function ThemeEditor({ site }: { site: OpsSite }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [theme, setTheme] = useState<Theme>(site.theme);
  const [asking, setAsking] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const failures = contrastFailures(theme);

  // Paint the preview: the frame shows this site (same origin), so its root takes the variables.
  const paint = () => {
    const root = frame.current?.contentDocument?.documentElement;
    if (!root) return;
    for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  };
  useEffect(paint);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('theme.intro')}
      </Text>
      <Group align="flex-start" wrap="wrap" gap="xl">
        <Stack style={{ flex: '1 1 320px' }}>
          <ThemeColoursFields value={theme} onChange={setTheme} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTheme(site.theme)}>
              {t('theme.reset')}
            </Button>
            <Button disabled={failures.length > 0} onClick={() => setAsking(true)}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
        <iframe
          ref={frame}
          src="/m/home"
          title={t('theme.preview')}
          onLoad={paint}
          tabIndex={-1}
          style={{ width: 390, height: 640, border: '1px solid #ced4da', borderRadius: 12, flex: '0 0 auto' }}
        />
      </Group>
      <DecisionModal
        opened={asking}
        title={t('theme.saveTitle')}
        summary={<Text size="sm">{t('theme.saveSummary')}</Text>}
        confirmLabel={t('common.save')}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const r = await saveTheme({ theme, reason });
          queryClient.setQueryData<OpsSite>(siteKeys.site(), (s) => (s ? { ...s, theme: r.theme } : s));
          notice('green', t('theme.saved'));
        }}
      />
    </Stack>
  );
}
