/** Query keys of the games feature; lists include the (debounced) language so a switch refetches. */
export const gamesKeys = {
  all: ['games'] as const,
  vendors: (gameType: string) => ['games', 'vendors', gameType] as const,
  vendorConfig: () => ['games', 'vendor-config'] as const,
  types: (gameType: string, lang: string) => ['games', 'types', gameType, lang] as const,
  list: (key: readonly string[]) => ['games', 'list', ...key] as const,
  hot: (gameType: string, lang: string) => ['games', 'hot', gameType, lang] as const,
  /** The lobby's hot row: a plain list, so not under the hot tab's (infinite) key. */
  hotRow: (gameType: string, lang: string) => ['games', 'hot-row', gameType, lang] as const,
  favourites: (gameType: string, lang: string) => ['games', 'favourites', gameType, lang] as const,
  favouritesAll: () => ['games', 'favourites'] as const,
  recent: (gameType: string, lang: string) => ['games', 'recent', gameType, lang] as const,
};
