// Zod-free: the operator's game catalogue and lottery calls (issue 20 screen 7), shared by the server
// and the console.

export const CATALOGUE_OPS_PATHS = {
  /** GET: the catalogue's games as this site shows them (paged; filters); PUT one game's settings. */
  games: '/ops/games',
  game: '/ops/games/:id',
  /** GET: the vendors with this site's settings; PUT one vendor's. */
  vendors: '/ops/vendors',
  vendor: '/ops/vendors/:code',
  /** GET: the lottery games this site sells with their odds and limits; PUT one game's. */
  lotteryGames: '/ops/lottery/games',
  lotteryGame: '/ops/lottery/games/:code',
  /** GET: a lottery game's periods, newest first, with this site's bets and each draw's proof. */
  lotteryPeriods: '/ops/lottery/games/:code/periods',
  /** POST: cancel this site's part of a period not drawn yet (its bets refunded; closed to its new bets). */
  lotteryPeriodCancel: '/ops/lottery/games/:code/periods/:numero/cancel',
} as const;

/** Odds as the operator writes them: the multiplier a winning stake returns (stake included), e.g. 1.96. */
export const ODDS_TEXT = /^\d{1,5}(\.\d{1,4})?$/;

/** Which of the catalogue's games a list shows. */
export const GAME_SHOWN_FILTERS = ['all', 'shown', 'hidden', 'hot'] as const;
export type GameShownFilter = (typeof GAME_SHOWN_FILTERS)[number];

/** The farthest sort position an operator gives either way (lower comes first). */
export const CATALOGUE_SORT_MAX = 1_000_000;
