import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GameCategory } from '@panalo/contract/content';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { homeKeys } from './home-keys';

export const getGameCategories = (lang: string, signal?: AbortSignal) =>
  apiGet<GameCategory[]>('/content/game-categories', { query: { lang }, signal });

export const gameCategoriesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: homeKeys.gameCategories(lang),
    queryFn: ({ signal }) => getGameCategories(lang, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** The merchant's game categories in its order (HOME-001). */
export function useGameCategories() {
  return useQuery(gameCategoriesQueryOptions(useDebouncedLanguage()));
}
