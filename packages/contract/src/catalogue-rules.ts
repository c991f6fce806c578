// Zod-free: the operator's game catalogue and lottery calls (issue 20 screen 7), shared by the server
// and the console.

export const CATALOGUE_OPS_PATHS = {
  /** GET: the catalogue's games as this site shows them (paged; filters); PUT one game's settings. */
  games: '/ops/games',
  game: '/ops/games/:id',
  /** GET: the vendors with this site's settings; PUT one vendor's. */
  vendors: '/ops/vendors',
  vendor: '/ops/vendors/:code',
} as const;

/** Which of the catalogue's games a list shows. */
export const GAME_SHOWN_FILTERS = ['all', 'shown', 'hidden', 'hot'] as const;
export type GameShownFilter = (typeof GAME_SHOWN_FILTERS)[number];

/** The farthest sort position an operator gives either way (lower comes first). */
export const CATALOGUE_SORT_MAX = 1_000_000;
