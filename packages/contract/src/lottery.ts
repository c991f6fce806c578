import { z } from 'zod';
import { ok } from './common';
import { amountString, signedAmountString } from './wallet';
import {
  LOTTERY_BET_STATUSES,
  LOTTERY_KINDS,
  LOTTERY_MAX_FOLLOW,
  LOTTERY_MAX_ITEMS,
  LOTTERY_MAX_UNITS,
  LOTTERY_PRIZE_MODES,
} from './lottery-constants';

// The zod-free constants live in lottery-constants.ts (the web imports them from there, without zod).
export * from './lottery-constants';

// Lottery (issue 6): the lobby, the betting screen's data, bets, results, winners, verification and
// launch. Every path is under /api (see LOTTERY_PATHS). The merchant is the host's (or the Merchant
// header), so every answer is that merchant's games only. Money is a decimal string ("12.50"); odds are
// decimal multipliers that include the stake ("1.96"). Times are ISO 8601 UTC strings, except the
// spec's remainTime (milliseconds) and lockTime (seconds).

export const lotteryPrizeMode = z.enum(LOTTERY_PRIZE_MODES);
export type LotteryPrizeMode = z.infer<typeof lotteryPrizeMode>;

/** The engine's games: WINGO1, WINGO3, WINGO5, 5D, K3, VNLOTTO, JACKPOT645. */
export const lotteryGameCode = z.string().regex(/^[A-Z0-9]{2,16}$/, 'gameCode');
/** A period number: YYYYMMDD + 4-digit sequence for interval games, YYYYMMDD for daily ones. */
export const numero = z.string().regex(/^\d{8}(\d{4})?$/, 'numero');
export const lotteryKind = z.enum(LOTTERY_KINDS);

const language = z
  .string()
  .regex(/^[A-Za-z_]{2,8}$/, 'language')
  .transform((s) => s.toUpperCase());
const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const isoTime = z.string().describe('ISO 8601, UTC');
/** Odds as a decimal multiplier that includes the stake, e.g. "1.96", "9", "207.36". */
export const oddsString = z.string().regex(/^\d{1,9}(\.\d{1,4})?$/, 'odds');

/** Lottery game of spec §3 (LOTT-010), plus `kind` (how to draw its result). */
export const lotteryGame = z.object({
  /** Stable per merchant: what favourites (LOTTFAV) store. */
  gameId: z.string(),
  /** The menu group the game is in (a tag of lotteryMenuGroup). */
  gameGroupCode: z.string(),
  gameCode: lotteryGameCode,
  /** Display name in the asked language. */
  remark: z.string(),
  mobileIconUrl: z.string(),
  kind: lotteryKind,
  /** The period whose draw is next (on sale or locked); null when the game has none. */
  numero: numero.nullable(),
  /** The latest drawn result: groups by `~`, numbers by `,` (LOTT-011); null before the first draw. */
  previousWinningNumber: z.string().nullable(),
  /** When that result was drawn; null with it. */
  winningTime: isoTime.nullable(),
  /** The period `numero` is on sale now (server time). */
  isSale: z.boolean(),
  /** Milliseconds from now (server time) to the draw of `numero` (LOTT-012). */
  remainTime: z.number().int().nonnegative(),
  /** Seconds before the draw when sales stop (LOTT-012). */
  lockTime: z.number().int().nonnegative(),
  /** E.g. ['HOT'] (LOTT-013). */
  tag: z.array(z.string()),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

export const lotteryListQuery = z.object({
  prizeMode: lotteryPrizeMode.default('Lott'),
  language: language.optional(),
});
export const lotteryListResponse = ok(z.array(lotteryGame));

/** Lottery menu group of spec §3 (LOTT-002). */
export const lotteryMenuGroup = z.object({
  /** HOT, FAV or a group code (the games' gameGroupCode). */
  tag: z.string(),
  /** The tab's title in the asked language. */
  labelName: z.string(),
  /** HOT: the games tagged HOT; FAV: always empty (the device fills it from LOTTFAV); others: the group's games. */
  gameMenus: z.array(lotteryGame),
});
export type LotteryMenuGroup = z.infer<typeof lotteryMenuGroup>;

export const lotteryMenuQuery = z.object({
  prizeMode: lotteryPrizeMode.default('Lott'),
  device: z.literal('MOBILE').default('MOBILE'),
  language: language.optional(),
});
/** An object of groups keyed by tag, in tab order: HOT, FAV, then the merchant's groups (API-059). */
export const lotteryMenuResponse = ok(z.record(z.string(), lotteryMenuGroup));
export type LotteryMenu = z.infer<typeof lotteryMenuResponse>['value'];

/** A period as the betting screen needs it. `seedHash` is published when the period opens. */
export const lotteryPeriod = z.object({
  gameCode: lotteryGameCode,
  numero,
  state: z.enum(['scheduled', 'open', 'locked', 'drawn', 'settled', 'cancelled', 'refunded']),
  openAt: isoTime,
  lockAt: isoTime,
  drawAt: isoTime,
  /** SHA-256 (hex) of the seed the result will be drawn from; null until the period opens. */
  seedHash: z.string().nullable(),
  /** The result text; null until drawn. */
  result: z.string().nullable(),
});
export type LotteryPeriod = z.infer<typeof lotteryPeriod>;

/**
 * What a bet type accepts: one of a fixed list of selections; a number of exactly `length` digits
 * (leading zeros kept, e.g. lo2 "07"); or `count` distinct numbers in [min, max] joined by commas (pick-6).
 */
export const selectionRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('list'), values: z.array(z.string()) }),
  z.object({ kind: z.literal('digits'), length: z.number().int() }),
  z.object({
    kind: z.literal('pick'),
    count: z.number().int(),
    min: z.number().int(),
    max: z.number().int(),
  }),
]);
export type SelectionRule = z.infer<typeof selectionRule>;

/** A bet type of a game, with this merchant's odds and limits. */
export const lotteryBetType = z.object({
  betType: z.string(),
  /** i18n key of its name: lottery.betType.<gameKind>.<betType> */
  nameKey: z.string(),
  selection: selectionRule,
  /**
   * Odds by key. Most types have `default`; Wingo colour also `half` (green/red when 0 or 5 is drawn) and
   * `violet`; sum bets one key per sum; pick-6 one key per number of matches ("3", "4", "5"), and six
   * matches share the jackpot.
   */
  odds: z.record(z.string(), oddsString),
  /** Bounds on the whole stake of one bet (amount × units). */
  minStake: amountString,
  maxStake: amountString,
});
export type LotteryBetType = z.infer<typeof lotteryBetType>;

export const gameMenusQuery = z.object({ gameCode: lotteryGameCode, language: language.optional() });
export const gameMenus = z.object({
  game: lotteryGame,
  betTypes: z.array(lotteryBetType),
  /** The current period (its state says whether it is on sale or locked): what a bet names as `numero`. */
  period: lotteryPeriod,
  /** The server's clock when this answer was made, for the countdown. */
  serverTime: isoTime,
  /** How many periods one order may cover (follow bets). */
  maxFollow: z.number().int(),
  /** How many selections one order may hold. */
  maxItems: z.number().int(),
  /** Pick-6 only: the jackpot the current period would pay (carry plus its share of sales so far). */
  jackpot: amountString.nullable(),
});
export type GameMenus = z.infer<typeof gameMenus>;
export const gameMenusResponse = ok(gameMenus);

export const lotteryResultsQuery = z.object({
  gameCode: lotteryGameCode,
  pageNo: whole(1, 1_000).default(1),
  pageSize: whole(1, 50).default(20),
});
export const lotteryResult = z.object({
  gameCode: lotteryGameCode,
  numero,
  /** Result text (LOTT-011). */
  result: z.string(),
  winningTime: isoTime,
  seedHash: z.string(),
});
export type LotteryResult = z.infer<typeof lotteryResult>;
export const lotteryResultsResponse = ok(
  z.object({ list: z.array(lotteryResult), pageNum: z.number().int(), totalPages: z.number().int() }),
);

export const openedNumerosQuery = z.object({
  gameCode: lotteryGameCode,
  /** The period on sale and the ones after it (follow bets). */
  count: whole(1, 50).default(10),
});
export const openedNumerosResponse = ok(
  z.object({ gameCode: lotteryGameCode, serverTime: isoTime, numeros: z.array(lotteryPeriod) }),
);

export const popularLotteryQuery = z.object({
  prizeMode: lotteryPrizeMode.default('Lott'),
  language: language.optional(),
  size: whole(1, 20).default(6),
});
/** The games with the most stake in the last 24 hours (HOT games first when nothing was bet). */
export const popularLotteryResponse = ok(z.array(lotteryGame));

/** The winner board's largest page; the server keeps this many biggest wins of each period per site. */
export const WINNER_BOARD_DEPTH = 50;
export const winnerBoardQuery = z.object({
  gameCode: lotteryGameCode.optional(),
  language: language.optional(),
  size: whole(1, WINNER_BOARD_DEPTH).default(20),
});
/** Winner entry of spec §3: `vo.winAmount`. The user name is masked (e.g. "de***01"). */
export const winnerEntry = z.object({
  vo: z.object({
    userName: z.string(),
    gameCode: lotteryGameCode,
    remark: z.string(),
    numero,
    winAmount: amountString,
    winTime: isoTime,
  }),
});
export type WinnerEntry = z.infer<typeof winnerEntry>;
/** The list, highest winAmount first (GAMES-057, API-065). */
export const winnerBoardResponse = ok(z.array(winnerEntry));

export const verifyPeriodQuery = z.object({ gameCode: lotteryGameCode, numero });
export const verifyPeriod = z.object({
  gameCode: lotteryGameCode,
  numero,
  state: lotteryPeriod.shape.state,
  /** Published at open, before any bet. */
  seedHash: z.string().nullable(),
  /** Revealed at the draw; null before. */
  seed: z.string().nullable(),
  /** The stored result; null before the draw. */
  result: z.string().nullable(),
  /** The result recomputed now from the revealed seed (HMAC-SHA256, see the engine README). */
  recomputed: z.string().nullable(),
  /** SHA-256(seed) = seedHash and recomputed = result; null before the draw. */
  verified: z.boolean().nullable(),
});
export type VerifyPeriod = z.infer<typeof verifyPeriod>;
export const verifyPeriodResponse = ok(verifyPeriod);

/** Launch a lottery game (spec §7, API-061..063). Unknown or not-sold game → 404 lottery_game_unknown. */
export const lotteryLaunchRequest = z.object({
  lottoArea: z.literal('VN'),
  launchMode: z.literal('LOTT'),
  lottoPrizeMode: lotteryPrizeMode,
  /** '' (or absent) with lottoView lobby. */
  lottoGameCode: z.string().max(16).default(''),
  /** betting when a game code exists, else lobby (API-062). */
  lottoView: z.enum(['betting', 'lobby']),
  device: z.literal('MOBILE'),
  backUrl: z.string().max(512).default(''),
  language: z.string().max(8).default(''),
});
export type LotteryLaunchRequest = z.input<typeof lotteryLaunchRequest>;
/** betting: `/m/startLottery?code=<gameCode>` (+ `&backUrl=<encoded>`); lobby: `/m/lottery`. */
export const lotteryLaunchResponse = ok(z.object({ gameUrl: z.string() }));

export const betItem = z.object({
  betType: z.string().max(32),
  /** See the bet type's selection rule, e.g. "green", "B:8", "07", "03,11,19,27,35,44". */
  selection: z.string().max(64),
  /** Stake per unit. */
  amount: amountString,
  /** The multiplier: stake = amount × units. */
  units: z.number().int().min(1).max(LOTTERY_MAX_UNITS).default(1),
});
export type BetItem = z.input<typeof betItem>;

/**
 * One order: every item on `numero` and, with follow > 1, on the follow − 1 periods after it. `numero`
 * must be on sale by the server's clock (a bet at or after lock is refused: lottery_period_closed).
 * Refusals: lottery_period_closed (409), lottery_period_unknown (400), lottery_game_unknown (404),
 * lottery_game_disabled, lottery_bet_type_unknown, lottery_bet_type_disabled, lottery_selection_invalid,
 * lottery_amount_invalid, lottery_amount_below_min, lottery_amount_above_max (400),
 * insufficient_balance (409), idempotency_conflict (409), idempotency_key_required (400).
 */
export const placeBetsRequest = z.object({
  gameCode: lotteryGameCode,
  numero,
  follow: z.number().int().min(1).max(LOTTERY_MAX_FOLLOW).default(1),
  items: z.array(betItem).min(1).max(LOTTERY_MAX_ITEMS),
});
export type PlaceBetsRequest = z.input<typeof placeBetsRequest>;

export const lotteryBet = z.object({
  id: z.string(),
  /** The order (one POST) the bet belongs to. */
  orderId: z.string(),
  gameCode: lotteryGameCode,
  numero,
  betType: z.string(),
  /** Canonical form (e.g. "03,11,19,27,35,44", "25" for K3 two different "52"). */
  selection: z.string(),
  amount: amountString,
  units: z.number().int(),
  stake: amountString,
  status: z.enum(LOTTERY_BET_STATUSES),
  /** 0.00 until won (refunded or cancelled: the stake). */
  payout: amountString,
  /** The period's result once drawn. */
  result: z.string().nullable(),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBet>;

export const placeBetsResponse = ok(
  z.object({
    orderId: z.string(),
    bets: z.array(lotteryBet),
    totalStake: amountString,
    /** The wallet (or play-money book for trial accounts) after the debit. */
    balance: signedAmountString,
  }),
);

export const myBetsQuery = z.object({
  gameCode: lotteryGameCode.optional(),
  numero: numero.optional(),
  status: z.enum(LOTTERY_BET_STATUSES).optional(),
  pageNo: whole(1, 10_000).default(1),
  pageSize: whole(1, 100).default(20),
});
export const myBetsResponse = ok(
  z.object({ list: z.array(lotteryBet), pageNum: z.number().int(), totalPages: z.number().int() }),
);

/**
 * Orders (spec §7 Wallet: order list, detail, cancel suborder). An order is one POST /lottery/bets; its
 * suborders are its periods (the first and each follow period), each with that period's bets.
 */
export const LOTTERY_SUBORDER_STATUSES = ['pending', 'settled', 'refunded', 'cancelled'] as const;
export const lotterySuborder = z.object({
  numero,
  /** pending until the period is decided; settled (won or lost), refunded (period cancelled), cancelled. */
  status: z.enum(LOTTERY_SUBORDER_STATUSES),
  stake: amountString,
  payout: amountString,
  result: z.string().nullable(),
  /** The period's betting time is not over and nothing is decided: POST /lottery/orders/:id/cancel refunds it. */
  cancellable: z.boolean(),
  /** Its bets (the order detail only). */
  bets: z.array(lotteryBet).optional(),
});
export type LotterySuborder = z.infer<typeof lotterySuborder>;
export const lotteryOrder = z.object({
  id: z.string(),
  gameCode: lotteryGameCode,
  totalStake: amountString,
  /** What came back so far: wins, refunds and cancelled stakes. */
  payout: amountString,
  createdAt: isoTime,
  suborders: z.array(lotterySuborder),
});
export type LotteryOrder = z.infer<typeof lotteryOrder>;
export const lotteryOrdersQuery = z.object({
  gameCode: lotteryGameCode.optional(),
  pageNo: whole(1, 10_000).default(1),
  pageSize: whole(1, 50).default(10),
});
export const lotteryOrdersResponse = ok(
  z.object({ list: z.array(lotteryOrder), pageNum: z.number().int(), totalPages: z.number().int() }),
);
export const lotteryOrderResponse = ok(lotteryOrder);
/**
 * Cancels one suborder (Idempotency-Key header): its bets become cancelled and their stake goes back to
 * the wallet at once. Refused after the period's lock (lottery_suborder_not_cancellable, 409). A repeat
 * moves nothing and answers the same.
 */
export const cancelSuborderRequest = z.object({ numero });
export const cancelSuborderResponse = ok(
  z.object({ order: lotteryOrder, refunded: amountString, balance: signedAmountString }),
);

/** One server-sent event (`data:` JSON). After `draw`, refetch results; after `settle`, bets and balance. */
export const lotteryStreamEvent = z.object({
  type: z.enum(['open', 'lock', 'draw', 'settle', 'cancel']),
  gameCode: lotteryGameCode,
  numero,
  /** On draw and settle. */
  result: z.string().nullable(),
  at: isoTime,
});
export type LotteryStreamEvent = z.infer<typeof lotteryStreamEvent>;
