/** Query keys of the games screen (under 'catalogue'); a saved game or vendor invalidates `all`. */
export const gamesKeys = {
  all: ['ops', 'catalogue'] as const,
  /** Both tabs read it (the games tab's vendor filter, the vendors tab). */
  vendors: () => ['ops', 'catalogue', 'vendors'] as const,
  games: (page: number, vendor: string, q: string, show: string) =>
    ['ops', 'catalogue', 'games', page, vendor, q, show] as const,
};
