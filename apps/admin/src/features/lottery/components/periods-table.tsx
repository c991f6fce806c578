import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsLotteryGame, OpsLotteryPeriod } from '@panalo/contract/lottery-ops';
import { displayAmount } from '@panalo/contract/money';
import { DecisionModal } from '../../../components/decision-modal';
import { PagedTable, pagedState, type Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { formatTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { cancelPeriod, listPeriods } from '../api/lottery';
import { lotteryKeys } from '../api/keys';

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
export function PeriodsTable({ game }: { game: OpsLotteryGame }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(['game', 'tab'] as const);
  const [cancelling, setCancelling] = useState<OpsLotteryPeriod | null>(null);
  const query = useQuery({
    queryKey: lotteryKeys.periods(game.code, list.page),
    queryFn: () => listPeriods(game.code, list.page),
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
          const r = await cancelPeriod(game.code, numero, reason);
          notice(
            'green',
            t('lotteryOps.cancelled', { numero, count: r.bets, amount: displayAmount(r.refunded) }),
          );
          await queryClient.invalidateQueries({ queryKey: lotteryKeys.periodsOf(game.code) });
        }}
      />
    </>
  );
}
