import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import type { OwnerLink } from '../api/brands';

/**
 * A brand owner's one-time set-up link, shown once (the server keeps no copy to show again; a new one can
 * be made from the brand's page): the address to copy and send, whose it is and until when it works.
 */
export function OwnerLinkCard({ link }: { link: OwnerLink }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="blue" variant="light" title={t('brand.link.title', { username: link.username })}>
      <Stack gap="xs">
        <Text size="sm">{t('brand.link.once')}</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('brand.link.label')}
            value={link.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: 1 }}
            data-testid="owner-link"
          />
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                variant={copied ? 'filled' : 'default'}
                color={copied ? 'green' : undefined}
              >
                {copied ? t('brand.link.copied') : t('brand.link.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{t('brand.link.expires', { time: formatTime(link.expiresAt, i18n.language) })}</Text>
      </Stack>
    </Alert>
  );
}
