import { Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../components/decision-modal';
import { notice } from '../../components/notice';
import { api } from '../../lib/api';
import { useListParams } from '../../lib/list-params';
import { GamesCatalogue, VendorsCatalogue } from './catalogue';

interface SyncResult {
  enabled: number;
  disabled: number;
}

/**
 * Hub88's catalogue is mirrored from its game list at start; here the operator reads it again now
 * (games Hub88 added appear, those it switched off are hidden).
 */
function Hub88Sync() {
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
          const r = await api<SyncResult>('POST', '/ops/vendors/HUB88/sync', { idempotencyKey: key });
          setLast(r);
          notice('green', t('games.synced', { count: r.enabled, hidden: r.disabled }));
        }}
      />
    </Stack>
  );
}

/** Games and their vendors as this site shows them, and the aggregators' catalogues. */
export function GamesPage() {
  const { t } = useTranslation();
  const list = useListParams(['tab'] as const);
  const tab = ['games', 'vendors', 'hub88'].includes(list.values.tab) ? list.values.tab : 'games';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.games')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && list.setFilter('tab', v === 'games' ? '' : v)}>
        <Tabs.List>
          <Tabs.Tab value="games">{t('catalogue.gamesTab')}</Tabs.Tab>
          <Tabs.Tab value="vendors">{t('catalogue.vendorsTab')}</Tabs.Tab>
          <Tabs.Tab value="hub88">{t('catalogue.hub88Tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="games" pt="md">
          {tab === 'games' && <GamesCatalogue />}
        </Tabs.Panel>
        <Tabs.Panel value="vendors" pt="md">
          {tab === 'vendors' && <VendorsCatalogue />}
        </Tabs.Panel>
        <Tabs.Panel value="hub88" pt="md">
          {tab === 'hub88' && <Hub88Sync />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
