import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HotMatch } from '@panalo/contract/content';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { homeKeys } from './home-keys';

export const getHotMatches = (lang: string, signal?: AbortSignal) =>
  apiGet<HotMatch[]>('/content/hot-matches', { query: { lang }, signal });

export const hotMatchesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: homeKeys.hotMatches(lang),
    queryFn: ({ signal }) => getHotMatches(lang, signal),
    placeholderData: keepPreviousData,
  });

/** The hot-match strip's matches (HOME-015). */
export function useHotMatches() {
  return useQuery(hotMatchesQueryOptions(useDebouncedLanguage()));
}
