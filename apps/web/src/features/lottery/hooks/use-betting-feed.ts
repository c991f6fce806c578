import { useCallback, useEffect, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LotteryStreamEvent } from '@panalo/contract/lottery';
import { invalidateBalance } from '../../../app/layout/use-header-balance';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import {
  gameMenusQueryOptions,
  lotteryKeys,
  myBetsQueryOptions,
  resultsQueryOptions,
  winnersQueryOptions,
} from '../api/lottery-api';
import { bettingRefreshDelayMs } from '../rules/period';
import { awaitingSettlement } from '../rules/results';
import { useLotteryStream } from './use-lottery-stream';

/** Polling of the member's bets while a drawn period's bets wait for settlement. */
const SETTLEMENT_POLL_MS = 3_000;

/** What the betting screen reloads on news: the period, a draw, a settlement. */
export type BettingNews = 'period' | 'draw' | 'settle';

/**
 * What the betting screen of one game reads and keeps fresh: the game's menus (period, bet types), its
 * results, winners and the member's bets. The page's live stream says when a period opens, locks, draws
 * or settles; without it the menus are polled, and a new period or result seen that way is the draw's news.
 */
export function useBettingFeed(code: string, token: string) {
  const client = useQueryClient();
  const language = useDebouncedLanguage();

  const refresh = useCallback(
    (what: BettingNews) => {
      void client.invalidateQueries({ queryKey: lotteryKeys.gameMenusOf(code) });
      // A lock ends the cancelling of that period (WALLET-009).
      void client.invalidateQueries({ queryKey: lotteryKeys.ordersAll() });
      if (what === 'period') return;
      void client.invalidateQueries({ queryKey: lotteryKeys.results(code) });
      void client.invalidateQueries({ queryKey: lotteryKeys.myBetsAll() });
      if (what === 'settle') {
        void client.invalidateQueries({ queryKey: ['lottery', 'winners', code] });
        void invalidateBalance(client);
      }
    },
    [client, code],
  );
  const onEvent = useCallback(
    (e: LotteryStreamEvent) =>
      refresh(e.type === 'open' || e.type === 'lock' ? 'period' : e.type === 'draw' ? 'draw' : 'settle'),
    [refresh],
  );
  const streamLive = useLotteryStream(code, onEvent);

  const menusQ = useQuery({
    ...gameMenusQueryOptions(code, language),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (streamLive || !q.state.data ? false : bettingRefreshDelayMs(q.state.data.value)),
  });
  const menus = menusQ.data?.value;
  const numero = menus?.period.numero ?? '';
  const resultsQ = useQuery(resultsQueryOptions(code));
  const winnersQ = useQuery(winnersQueryOptions(code, language));
  const myBetsQ = useQuery({
    ...myBetsQueryOptions(token, code),
    enabled: token !== '',
    refetchInterval: (q) =>
      awaitingSettlement(q.state.data?.list ?? [], numero) ? SETTLEMENT_POLL_MS : false,
  });

  // Without the stream: a new period or a new result seen by polling brings the draw's news.
  const seen = useRef<string | null>(null);
  const drawMark = menus ? `${menus.period.numero}/${menus.game.previousWinningNumber ?? ''}` : null;
  useEffect(() => {
    if (drawMark === null) return;
    if (seen.current !== null && seen.current !== drawMark) refresh('draw');
    seen.current = drawMark;
  }, [drawMark, refresh]);
  // The header balance follows settlement: a bet of ours leaving 'accepted' changed the wallet.
  const settled =
    myBetsQ.data?.list
      .filter((b) => b.status !== 'accepted')
      .map((b) => b.id)
      .join() ?? null;
  const settledSeen = useRef<string | null>(null);
  useEffect(() => {
    if (settled === null) return;
    if (settledSeen.current !== null && settledSeen.current !== settled) void invalidateBalance(client);
    settledSeen.current = settled;
  }, [settled, client]);

  return { refresh, streamLive, menusQ, menus, resultsQ, winnersQ, myBetsQ };
}
