/** Query keys of the home feature; each includes the (debounced) language so a switch refetches. */
export const homeKeys = {
  all: ['home'] as const,
  announcements: (lang: string) => ['home', 'announcements', lang] as const,
  hotMatches: (lang: string) => ['home', 'hot-matches', lang] as const,
  gameCategories: (lang: string) => ['home', 'game-categories', lang] as const,
  hotGames: (lang: string) => ['home', 'hot-games', lang] as const,
  recentWins: (lang: string) => ['home', 'recent-wins', lang] as const,
};
