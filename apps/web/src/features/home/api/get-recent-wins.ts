import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentWin } from '@panalo/contract/games';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { homeKeys } from './home-keys';

/** The feed is read again every minute while home is open (the server keeps it 30 s). */
export const RECENT_WINS_REFRESH_MS = 60_000;

export const getRecentWins = (language: string, signal?: AbortSignal) =>
  apiGet<RecentWin[]>('/games/recent-wins', { query: { language }, signal });

export const recentWinsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: homeKeys.recentWins(language),
    queryFn: ({ signal }) => getRecentWins(language, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RECENT_WINS_REFRESH_MS,
  });

/** Home's recent-wins feed: the site's newest real-money wins, names masked by the server. */
export function useRecentWins() {
  return useQuery(recentWinsQueryOptions(useDebouncedLanguage()));
}
