import { Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/list-states';
import { useListParams } from '../../../lib/list-params';
import { listLotteryGames } from '../api/lottery';
import { lotteryKeys } from '../api/keys';
import { LotterySettings } from '../components/lottery-settings';
import { PeriodsTable } from '../components/periods-table';

/** The lottery games of this site: their settings, and their periods with the proof of each draw. */
export function LotteryScreen() {
  const { t } = useTranslation();
  const list = useListParams(['game', 'tab'] as const);
  const games = useQuery({
    queryKey: lotteryKeys.games(),
    queryFn: listLotteryGames,
  });
  const game = games.data?.find((g) => g.code === list.values.game) ?? games.data?.[0];
  const tab = list.values.tab === 'settings' ? 'settings' : 'periods';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.lottery')}
      </Title>
      <LoadState pending={games.isPending} error={games.error} onRetry={() => void games.refetch()} />
      {games.data && games.data.length === 0 && <Text>{t('lotteryOps.noGames')}</Text>}
      {game && (
        <>
          <Select
            label={t('lotteryOps.game')}
            data={games.data!.map((g) => ({
              value: g.code,
              label: g.enabled ? g.name : t('lotteryOps.notSold', { name: g.name }),
            }))}
            value={game.code}
            allowDeselect={false}
            searchable
            onChange={(v) => v && list.setFilter('game', v)}
            maw={360}
          />
          <Tabs value={tab} onChange={(v) => v && list.setFilter('tab', v === 'periods' ? '' : v)}>
            <Tabs.List>
              <Tabs.Tab value="periods">{t('lotteryOps.periods')}</Tabs.Tab>
              <Tabs.Tab value="settings">{t('lotteryOps.settings')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="periods" pt="md">
              {tab === 'periods' && <PeriodsTable key={game.code} game={game} />}
            </Tabs.Panel>
            <Tabs.Panel value="settings" pt="md">
              {tab === 'settings' && <LotterySettings key={JSON.stringify(game)} game={game} />}
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
