import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '@panalo/contract/image-url';
import { BRAND_ICON_LIMITS } from '@panalo/contract/provider-rules';
import { uploadBrandImage, type BrandDetail } from '../api/brands';
import { brandKeys } from '../api/keys';
import { byteText, IMAGE_LIMITS, imageProblem, type BrandImageKind } from '../rules/brand-image';
import { refusalText } from './refusal-text';

/** A picture's sides as the browser reads them; null when it cannot (the server then judges alone). */
const readSides = (file: File) =>
  new Promise<{ width: number; height: number } | null>((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (sides: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(sides);
    };
    img.onload = () => done({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => done(null);
    img.src = url;
  });

/**
 * One of the brand's pictures: the logo on its member site's header (the server's wordmark of its name
 * until one is uploaded) or the app icon (the installed site's and the browser tab's, drawn from its name
 * until one is uploaded). A role that launches brands uploads a new one, checked here first as far as the
 * browser can (type, size, sides) and by its bytes on the server.
 */
export function BrandImage({
  brand,
  kind,
  canLaunch,
}: {
  brand: BrandDetail;
  kind: BrandImageKind;
  canLaunch: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const limits = IMAGE_LIMITS[kind];
  const rules = {
    bytes: byteText(limits.maxImageBytes),
    min: BRAND_ICON_LIMITS.minSide,
    max: limits.maxSide,
  };
  const pick = async (input: HTMLInputElement) => {
    const picked = input.files?.[0] ?? null;
    setError(null);
    setFile(null);
    if (!picked) return;
    const problem = imageProblem(kind, picked, await readSides(picked));
    if (problem) {
      setError(t(problem, rules));
      // Not kept as picked: the field shows no file, and the upload stays off.
      input.value = '';
    } else setFile(picked);
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const next = await uploadBrandImage(brand.code, kind, file);
      client.setQueryData(brandKeys.detail(brand.code), next);
      setFile(null);
    } catch (err) {
      setError(refusalText(err, rules));
    } finally {
      setBusy(false);
    }
  };
  const icon = kind === 'icon' ? brand.icon : null;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t(`brand.image.${kind}.title`)}
        </Title>
        {kind === 'logo' ? (
          <div
            style={{ background: brand.theme.header, padding: 8, borderRadius: 4, alignSelf: 'flex-start' }}
          >
            <img
              src={imageUrl('', brand.theme.logo)}
              alt={t('brand.image.logo.now', { name: brand.name })}
              height={28}
              data-testid="brand-logo"
            />
          </div>
        ) : icon ? (
          <img
            src={imageUrl('', icon)}
            alt={t('brand.image.icon.now', { name: brand.name })}
            width={64}
            height={64}
            style={{ borderRadius: 12 }}
            data-testid="brand-icon"
          />
        ) : (
          <Text size="sm" data-testid="brand-icon-none">
            {t('brand.image.icon.drawn', { name: brand.name })}
          </Text>
        )}
        {canLaunch && (
          <>
            <Group align="flex-end">
              <label style={{ fontSize: 14, maxWidth: '100%' }}>
                {t(`brand.image.${kind}.file`, rules)}
                <br />
                <input
                  type="file"
                  accept={limits.imageTypes.join(',')}
                  onChange={(e) => void pick(e.currentTarget)}
                  style={{ maxWidth: '100%' }}
                  data-testid={`brand-${kind}-file`}
                />
              </label>
              <Button variant="default" loading={busy} disabled={!file} onClick={() => void upload()}>
                {t(`brand.image.${kind}.upload`)}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t(`brand.image.${kind}.help`, rules)}
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
