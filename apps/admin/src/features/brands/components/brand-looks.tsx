import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../../components/decision-modal';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/provider-api';
import { formatTime } from '../../../lib/format';
import { previewBrand, viewBrandConsole, type BrandDetail, type BrandLook } from '../api/brands';

/**
 * Looking at a brand as the provider: a draft's site before its players (a preview for this browser), and
 * its console read only ("view as", with a reason the brand's audit log keeps). Each gives an hour's link,
 * opened from here in a new tab.
 */
export function BrandLooks({ brand }: { brand: BrandDetail }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [look, setLook] = useState<{ kind: 'preview' | 'console'; link: BrandLook } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = async () => {
    setError(null);
    try {
      setLook({ kind: 'preview', link: await previewBrand(brand.code) });
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    }
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {brand.status === 'draft' && (
          <Button variant="default" onClick={() => void preview()}>
            {t('brand.look.preview')}
          </Button>
        )}
        {brand.status !== 'closed' && (
          <Button variant="default" onClick={() => setAsking(true)}>
            {t('brand.look.viewAs')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {look && (
        <Alert color="blue" variant="light" role="status">
          <Text size="sm">
            {t(look.kind === 'preview' ? 'brand.look.previewReady' : 'brand.look.viewAsReady', {
              time: formatTime(look.link.expiresAt, i18n.language),
            })}{' '}
            <Anchor
              href={look.link.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="brand-look-link"
            >
              {t('brand.look.open')}
            </Anchor>
          </Text>
        </Alert>
      )}
      <DecisionModal
        opened={asking}
        title={t('brand.look.viewAsTitle', { name: brand.name })}
        summary={t('brand.look.viewAsMeans')}
        confirmLabel={t('brand.look.viewAs')}
        reasonRequired
        reasonHelp={t('brand.look.viewAsReason')}
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          setLook({ kind: 'console', link: await viewBrandConsole(brand.code, reason) });
        }}
      />
    </Stack>
  );
}
