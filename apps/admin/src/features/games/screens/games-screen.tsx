import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../lib/list-params';
import { GamesCatalogue, VendorsCatalogue } from '../components/catalogue';
import { Hub88Sync } from '../components/hub88-sync';

/** Games and their vendors as this site shows them, and the aggregators' catalogues. */
export function GamesScreen() {
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
