import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { syncHub88, type SyncResult } from '../api/games';

/**
 * Hub88's catalogue is mirrored from its game list at start; here the operator reads it again now
 * (games Hub88 added appear, those it switched off are hidden).
 */
export function Hub88Sync() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [last, setLast] = useState<SyncResult | null>(null);
  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="hub88-title">
        <Stack gap="xs">
          <Title order={2} size="h4" id="hub88-title">
            {t('games.hub88Title')}
          </Title>
          <Text size="sm">{t('games.hub88Intro')}</Text>
          {last && (
            <Text size="sm" role="status" data-testid="hub88-sync-result">
              {t('games.synced', { count: last.enabled, hidden: last.disabled })}
            </Text>
          )}
          <Group>
            <Button onClick={() => setAsking(true)}>{t('games.sync')}</Button>
          </Group>
        </Stack>
      </Card>
      <DecisionModal
        opened={asking}
        title={t('games.syncTitle')}
        summary={<Text size="sm">{t('games.syncSummary')}</Text>}
        confirmLabel={t('games.sync')}
        reason={false}
        onClose={() => setAsking(false)}
        onConfirm={async ({ key }) => {
          const r = await syncHub88(key);
          setLast(r);
          notice('green', t('games.synced', { count: r.enabled, hidden: r.disabled }));
        }}
      />
    </Stack>
  );
}
