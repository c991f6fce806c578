import { Badge, Button, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_OPS_PATHS } from '@panalo/contract/catalogue-rules';
import type { OpsLotteryGame, OpsLotteryPeriod } from '@panalo/contract/lottery-ops';
import { DecisionModal } from '../../components/decision-modal';
import { LoadState, PagedTable, pagedState, type Column } from '../../components/list-states';
import { notice } from '../../components/notice';
import { api } from '../../lib/api';
import { useListParams } from '../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../lib/format';
import { LotterySettings } from './lottery-settings';

const PAGE_SIZE = 20;
type Periods = { list: OpsLotteryPeriod[]; total: number; totalPages: number };
const STATE_COLOURS: Record<OpsLotteryPeriod['state'], string> = {
  scheduled: 'gray',
  open: 'green',
  locked: 'yellow',
  drawn: 'blue',
  settled: 'indigo',
  cancelled: 'red',
  refunded: 'red',
};

/** A game's periods, newest first: the result, the proof of the draw, this site's bets. */
function PeriodsTable({ game }: { game: OpsLotteryGame }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(['game', 'tab'] as const);
  const [cancelling, setCancelling] = useState<OpsLotteryPeriod | null>(null);
  const query = useQuery({
    queryKey: ['ops', 'lottery', 'periods', game.code, list.page],
    queryFn: () =>
      api<Periods>(
        'GET',
        CATALOGUE_OPS_PATHS.lotteryPeriods.replace(':code', encodeURIComponent(game.code)),
        {
          query: { page: list.page, pageSize: PAGE_SIZE },
        },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const columns: Column<OpsLotteryPeriod>[] = [
    {
      key: 'numero',
      title: t('lotteryOps.numero'),
      render: (p) => (
        <Text ff="monospace" size="sm">
          {p.numero}
        </Text>
      ),
    },
    {
      key: 'state',
      title: t('lotteryOps.state'),
      render: (p) => (
        <Badge variant="dot" color={STATE_COLOURS[p.state]}>
          {t(`lotteryOps.states.${p.state}`)}
        </Badge>
      ),
    },
    { key: 'draw', title: t('lotteryOps.drawAt'), render: (p) => formatTime(p.drawAt, i18n.language) },
    { key: 'result', title: t('lotteryOps.result'), render: (p) => p.result ?? '—' },
    {
      key: 'proof',
      title: t('lotteryOps.proof'),
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          {p.verified === null ? (
            <Text size="sm">{t('lotteryOps.notDrawn')}</Text>
          ) : (
            <Badge color={p.verified ? 'green.9' : 'red.9'}>
              {p.verified ? t('lotteryOps.verified') : t('lotteryOps.mismatch')}
            </Badge>
          )}
          <details>
            <summary>
              <Text span size="xs" ff="monospace" aria-label={t('lotteryOps.hashOf', { hash: p.seedHash })}>
                {p.seedHash.slice(0, 10)}…
              </Text>
            </summary>
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {t('lotteryOps.hash')}: {p.seedHash}
            </Text>
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {t('lotteryOps.seed')}: {p.seed ?? t('lotteryOps.seedHidden')}
            </Text>
          </details>
        </Group>
      ),
    },
    { key: 'bets', title: t('lotteryOps.bets'), align: 'right', render: (p) => p.bets },
    { key: 'stakes', title: t('lotteryOps.stakes'), align: 'right', render: (p) => displayAmount(p.stakes) },
    {
      key: 'payouts',
      title: t('lotteryOps.payouts'),
      align: 'right',
      render: (p) => displayAmount(p.payouts),
    },
    {
      key: 'site',
      title: t('lotteryOps.thisSite'),
      render: (p) =>
        p.siteCancel ? (
          <Stack gap={2}>
            <Badge color="red.9">{t('lotteryOps.cancelledHere')}</Badge>
            <Text size="xs">
              {t('lotteryOps.cancelledLine', {
                count: p.siteCancel.bets,
                amount: displayAmount(p.siteCancel.refunded),
                by: p.siteCancel.by,
              })}
            </Text>
          </Stack>
        ) : ['scheduled', 'open', 'locked'].includes(p.state) ? (
          <Button
            size="compact-xs"
            variant="default"
            aria-label={t('lotteryOps.cancelHereOf', { numero: p.numero })}
            onClick={() => setCancelling(p)}
          >
            {t('lotteryOps.cancelHere')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <PagedTable
        caption={t('lotteryOps.periodsCaption', { name: game.name, count: query.data?.total ?? 0 })}
        columns={columns}
        rowKey={(p) => p.numero}
        empty={t('lotteryOps.noPeriods')}
        {...pagedState(query, list)}
      />
      <DecisionModal
        opened={cancelling !== null}
        danger
        title={t('lotteryOps.cancelTitle', { numero: cancelling?.numero ?? '' })}
        summary={<Text size="sm">{t('lotteryOps.cancelSummary', { name: game.name })}</Text>}
        confirmLabel={t('lotteryOps.cancelHere')}
        reasonRequired
        reasonHelp={t('lotteryOps.cancelReasonHelp')}
        onClose={() => setCancelling(null)}
        onConfirm={async ({ reason }) => {
          const numero = cancelling!.numero;
          const r = await api<{ bets: number; refunded: string }>(
            'POST',
            CATALOGUE_OPS_PATHS.lotteryPeriodCancel
              .replace(':code', encodeURIComponent(game.code))
              .replace(':numero', encodeURIComponent(numero)),
            { body: { reason } },
          );
          notice(
            'green',
            t('lotteryOps.cancelled', { numero, count: r.bets, amount: displayAmount(r.refunded) }),
          );
          await queryClient.invalidateQueries({ queryKey: ['ops', 'lottery', 'periods', game.code] });
        }}
      />
    </>
  );
}

/** The lottery games of this site: their settings, and their periods with the proof of each draw. */
export function LotteryPage() {
  const { t } = useTranslation();
  const list = useListParams(['game', 'tab'] as const);
  const games = useQuery({
    queryKey: ['ops', 'lottery', 'games'],
    queryFn: () => api<OpsLotteryGame[]>('GET', CATALOGUE_OPS_PATHS.lotteryGames),
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
