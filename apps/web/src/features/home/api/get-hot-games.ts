import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Game } from '@panalo/contract/games';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { homeKeys } from './home-keys';

/** How many of the site's hot games home's row shows; the rest are one tap away on the hot list. */
export const HOME_HOT_GAMES = 10;

/** The hot games of every category (spec §9 hot games: isPlatform 2, platform html5, the language). */
export const getHomeHotGames = (language: string, signal?: AbortSignal) =>
  apiGet<Game[]>('/games/hot', { query: { isPlatform: 2, platform: 'html5', language }, signal });

export const homeHotGamesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: homeKeys.hotGames(language),
    queryFn: ({ signal }) => getHomeHotGames(language, signal),
    select: (games: Game[]) => games.slice(0, HOME_HOT_GAMES),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** Home's hot-games row. */
export function useHomeHotGames() {
  return useQuery(homeHotGamesQueryOptions(useDebouncedLanguage()));
}
