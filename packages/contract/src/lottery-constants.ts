// Zod-free constants of the lottery contract, for the web bundle (lottery.ts re-exports them).

/** The routes, so that the screens and the server name each path once. */
export const LOTTERY_PATHS = {
  /** GET, public: lotteryListQuery → lotteryListResponse. */
  list: '/api/lottery/list',
  /** GET, public: lotteryMenuQuery → lotteryMenuResponse. */
  menu: '/api/lottery/menu',
  /** GET, public: gameMenusQuery → gameMenusResponse (bet types, odds, limits, the current period). */
  gameMenus: '/api/lottery/gameMenus',
  /** GET, public: lotteryResultsQuery → lotteryResultsResponse (recent results, newest first). */
  results: '/api/lottery/results',
  /** GET, public: openedNumerosQuery → openedNumerosResponse (the period on sale and the ones after it). */
  numeros: '/api/lottery/numeros',
  /** GET, public: popularLotteryQuery → popularLotteryResponse. */
  popular: '/api/lottery/popular',
  /** GET, public: winnerBoardQuery → winnerBoardResponse (highest win first). */
  winners: '/api/lottery/winners',
  /** GET, public: verifyPeriodQuery → verifyPeriodResponse. */
  verify: '/api/lottery/verify',
  /** POST, member (trial too): lotteryLaunchRequest → lotteryLaunchResponse. */
  launch: '/api/lottery/launch',
  /** POST, member (trial too), Idempotency-Key header: placeBetsRequest → placeBetsResponse. */
  bets: '/api/lottery/bets',
  /** GET, member (trial too): myBetsQuery → myBetsResponse (the caller's own bets only). */
  myBets: '/api/lottery/bets',
} as const;

/** Prize modes of spec §3. `Elott` lists the fast electronic games; `Lott` and `ZY` list every game. */
export const LOTTERY_PRIZE_MODES = ['Lott', 'Elott', 'ZY'] as const;

/** How a game's result is drawn and shown (balls, dice, prize table…). */
export const LOTTERY_KINDS = ['wingo', 'd5', 'k3', 'vnlotto', 'pick6'] as const;

/** Tags a game can carry (spec §3 tag list). */
export const LOTTERY_TAGS = ['HOT', 'NEW'] as const;

/** The lobby's fixed tabs: HOT (games tagged HOT) and FAV (favourites, kept on the device under LOTTFAV). */
export const LOTTERY_MENU_HOT = 'HOT';
export const LOTTERY_MENU_FAV = 'FAV';

/** Most selections one order may hold, and most periods it may follow. */
export const LOTTERY_MAX_ITEMS = 50;
export const LOTTERY_MAX_FOLLOW = 30;
export const LOTTERY_MAX_UNITS = 10_000;

/** 'refunded': its period was cancelled; 'cancelled': the member cancelled its period before the lock. */
export const LOTTERY_BET_STATUSES = ['accepted', 'won', 'lost', 'refunded', 'cancelled'] as const;
