import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '@panalo/contract/image-url';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/provider-api';
import { uploadBrandLogo, type BrandDetail } from '../api/brands';
import { brandKeys } from '../api/keys';

/**
 * The brand's logo on its member site: the one now (the server's wordmark of its name until one is
 * uploaded) and, for a role that launches brands, a new one (png or jpg, checked by its bytes).
 */
export function BrandLogo({ brand, canLaunch }: { brand: BrandDetail; canLaunch: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const next = await uploadBrandLogo(brand.code, file);
      client.setQueryData(brandKeys.detail(brand.code), next);
      setFile(null);
    } catch (err) {
      setError(
        errorText(
          err instanceof ApiError ? err.code : 'unknown_error',
          err instanceof ApiError ? err.value : undefined,
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('brand.logo.title')}
        </Title>
        <div style={{ background: brand.theme.header, padding: 8, borderRadius: 4, alignSelf: 'flex-start' }}>
          <img
            src={imageUrl('', brand.theme.logo)}
            alt={t('brand.logo.now', { name: brand.name })}
            height={28}
            data-testid="brand-logo"
          />
        </div>
        {canLaunch && (
          <>
            <Group align="flex-end">
              <label style={{ fontSize: 14 }}>
                {t('brand.logo.file')}
                <br />
                <input
                  type="file"
                  accept="image/png,image/jpeg"
                  onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
                  data-testid="brand-logo-file"
                />
              </label>
              <Button variant="default" loading={busy} disabled={!file} onClick={() => void upload()}>
                {t('brand.logo.upload')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('brand.logo.help')}
            </Text>
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
