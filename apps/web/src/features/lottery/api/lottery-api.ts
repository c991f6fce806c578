import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { LOTTERY_PATHS } from '@panalo/contract/lottery-constants';
import type {
  cancelSuborderResponse,
  GameMenus,
  LotteryBet,
  LotteryMenu,
  LotteryOrder,
  LotteryPrizeMode,
  LotteryResult,
  PlaceBetsRequest,
  VerifyPeriod,
  WinnerEntry,
} from '@panalo/contract/lottery';
import { apiGet } from '../../../lib/api';
import { postMoney } from '../../../lib/money-request';

/** The contract names paths with their /api prefix; the api helper adds it. */
const path = (p: string) => p.replace(/^\/api/, '');

/**
 * The client clock when a request was sent and when its answer came: the lotteryTime pair of the timer
 * rule (the server measured remainTime somewhere in between).
 */
export type LotteryTime = readonly [sentAt: number, receivedAt: number];

export interface Timed<T> {
  value: T;
  lotteryTime: LotteryTime;
}

async function timed<T>(load: () => Promise<T>, now: () => number = Date.now): Promise<Timed<T>> {
  const sentAt = now();
  const value = await load();
  return { value, lotteryTime: [sentAt, now()] };
}

/** Query keys of the lottery; the member's own bets are keyed by session token. */
export const lotteryKeys = {
  all: ['lottery'] as const,
  menu: (prizeMode: string, language: string) => ['lottery', 'menu', prizeMode, language] as const,
  list: (prizeMode: string, language: string) => ['lottery', 'list', prizeMode, language] as const,
  gameMenus: (code: string, language: string) => ['lottery', 'gameMenus', code, language] as const,
  gameMenusOf: (code: string) => ['lottery', 'gameMenus', code] as const,
  results: (code: string) => ['lottery', 'results', code] as const,
  winners: (code: string, language: string) => ['lottery', 'winners', code, language] as const,
  verify: (code: string, numero: string) => ['lottery', 'verify', code, numero] as const,
  myBets: (token: string, code: string) => ['lottery', 'bets', token, code] as const,
  myBetsAll: () => ['lottery', 'bets'] as const,
  orders: (token: string, code: string) => ['lottery', 'orders', token, code] as const,
  ordersAll: () => ['lottery', 'orders'] as const,
};

/** GET /api/lottery/menu (API-059): prizeMode, device MOBILE and language; groups keyed by tag. */
export const menuQueryOptions = (prizeMode: LotteryPrizeMode, language: string) =>
  queryOptions({
    queryKey: lotteryKeys.menu(prizeMode, language),
    queryFn: ({ signal }) =>
      timed(() =>
        apiGet<LotteryMenu>(path(LOTTERY_PATHS.menu), {
          query: { prizeMode, device: 'MOBILE', language },
          signal,
        }),
      ),
  });

/** GET /api/lottery/gameMenus: the game, its bet types with odds and limits, and the period on sale. */
export const gameMenusQueryOptions = (gameCode: string, language: string) =>
  queryOptions({
    queryKey: lotteryKeys.gameMenus(gameCode, language),
    queryFn: ({ signal }) =>
      timed(() =>
        apiGet<GameMenus>(path(LOTTERY_PATHS.gameMenus), { query: { gameCode, language }, signal }),
      ),
  });

export interface Page<T> {
  list: T[];
  pageNum: number;
  totalPages: number;
}

/** GET /api/lottery/results: recent draws, newest first. */
export const resultsQueryOptions = (gameCode: string, pageSize = 20) =>
  queryOptions({
    queryKey: lotteryKeys.results(gameCode),
    queryFn: ({ signal }) =>
      apiGet<Page<LotteryResult>>(path(LOTTERY_PATHS.results), {
        query: { gameCode, pageNo: 1, pageSize },
        signal,
      }),
  });

/** GET /api/lottery/winners (API-065): a list, highest win first. */
export const winnersQueryOptions = (gameCode: string, language: string) =>
  queryOptions({
    queryKey: lotteryKeys.winners(gameCode, language),
    queryFn: ({ signal }) =>
      apiGet<WinnerEntry[]>(path(LOTTERY_PATHS.winners), {
        query: { gameCode, language, size: 20 },
        signal,
      }),
  });

/** GET /api/lottery/verify: the committed hash, the revealed seed and the recomputed result. */
export const verifyQueryOptions = (gameCode: string, numero: string) =>
  queryOptions({
    queryKey: lotteryKeys.verify(gameCode, numero),
    queryFn: ({ signal }) =>
      apiGet<VerifyPeriod>(path(LOTTERY_PATHS.verify), { query: { gameCode, numero }, signal }),
  });

/** GET /api/lottery/bets: the caller's own bets on a game, newest first. */
export const myBetsQueryOptions = (token: string, gameCode: string) =>
  queryOptions({
    queryKey: lotteryKeys.myBets(token, gameCode),
    queryFn: ({ signal }) =>
      apiGet<Page<LotteryBet>>(path(LOTTERY_PATHS.myBets), {
        query: { gameCode, pageNo: 1, pageSize: 20 },
        signal,
      }),
  });

export interface PlacedBets {
  orderId: string;
  bets: LotteryBet[];
  totalStake: string;
  balance: string;
}

/** POST /api/lottery/bets with the order's idempotency key (a retry of the same order reuses it). */
export const placeBets = (body: PlaceBetsRequest, idempotencyKey: string) =>
  postMoney<PlacedBets>(path(LOTTERY_PATHS.bets), body, idempotencyKey);

/** The member's orders (one POST /lottery/bets each) and their suborders (one per period). */
const ORDERS_PATH = '/lottery/orders';

/**
 * GET /api/lottery/orders: the caller's latest orders on a game with each period's status and whether it
 * can still be cancelled. As many orders as my bets shows bets, so every bet listed finds its order.
 */
export const ordersQueryOptions = (token: string, gameCode: string) =>
  queryOptions({
    queryKey: lotteryKeys.orders(token, gameCode),
    queryFn: ({ signal }) =>
      apiGet<Page<LotteryOrder>>(ORDERS_PATH, { query: { gameCode, pageNo: 1, pageSize: 20 }, signal }),
  });

export type CancelledSuborder = z.infer<typeof cancelSuborderResponse>['value'];

/** POST /api/lottery/orders/:id/cancel (WALLET-009): cancels one period of an order before its lock. */
export const cancelSuborder = (orderId: string, numero: string, idempotencyKey: string) =>
  postMoney<CancelledSuborder>(
    `${ORDERS_PATH}/${encodeURIComponent(orderId)}/cancel`,
    { numero },
    idempotencyKey,
  );

/** The server-sent events URL of one game's periods (open, lock, draw, settle, cancel). */
