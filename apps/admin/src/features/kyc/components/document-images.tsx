import { Alert, Center, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycImageSlot } from '@panalo/contract/kyc-rules';
import { AuthImage } from '../../../components/auth-image';
import { documentImagePath } from '../api/kyc-paths';
import type { KycReviewDetail } from '../api/documents';

const HEIGHT = 380;

/**
 * A document's images (front, back and selfie; or the proof of address), each large enough to read,
 * fitted whole in its frame and opening full size in a new tab. They are loaded when the document is
 * opened — the review itself: the server records each load as a view (`kyc.view`). Once every image has
 * come (or failed), `onViewed` is told once, so the "viewed by" list can be read again.
 */
export function DocumentImages({ doc, onViewed }: { doc: KycReviewDetail; onViewed?: () => void }) {
  const { t } = useTranslation();
  const [states, setStates] = useState<Partial<Record<KycImageSlot, 'ready' | 'failed'>>>({});
  const told = useRef(false);
  const settle = (slot: KycImageSlot, ok: boolean) =>
    setStates((s) => ({ ...s, [slot]: ok ? 'ready' : 'failed' }));
  const viewed = useEffectEvent(() => onViewed?.());
  // One image a row up to a tablet (each as wide as it can be read), two on a laptop, three wider.
  const n = Math.max(1, doc.slots.length);
  const allSettled = doc.slots.every((x) => states[x] !== undefined);
  useEffect(() => {
    if (!allSettled || told.current) return;
    told.current = true;
    viewed();
  }, [allSettled]);
  return (
    <SimpleGrid cols={{ base: 1, md: Math.min(2, n), xl: Math.min(3, n) }} spacing="md">
      {doc.slots.map((slot) => {
        const name = t(`kyc.slot.${slot}`);
        return (
          <Paper
            key={slot}
            withBorder
            p="xs"
            component="figure"
            m={0}
            data-testid={`kyc-image-${slot}`}
            data-state={states[slot] ?? 'loading'}
          >
            <AuthImage
              path={documentImagePath(doc.id, slot)}
              alt={t('kyc.document.imageAlt', {
                slot: name,
                what: t(`kyc.document.what.${doc.kind}`),
                username: doc.username,
              })}
              w="100%"
              h={HEIGHT}
              fit="contain"
              pending={
                <Center h={HEIGHT} aria-busy="true">
                  <Loader role="status" aria-label={t('kyc.document.imageLoading', { slot: name })} />
                </Center>
              }
              failed={
                <Center h={HEIGHT}>
                  <Alert color="red" role="alert">
                    {t('kyc.document.imageFailed', { slot: name })}
                  </Alert>
                </Center>
              }
              onSettled={(ok) => settle(slot, ok)}
            />
            <Text component="figcaption" size="sm" fw={600} mt={6}>
              {name}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
