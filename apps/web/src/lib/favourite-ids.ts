import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';

/**
 * The member's favourite game ids (strings, GAMES-038), shared by home (loaded on opening, HOME-003)
 * and the game list's hearts, so that both read one cache entry per user.
 */
export const favouriteIdsKey = (user: string) => ['games', 'favourite-ids', user] as const;

export const getFavouriteIds = (signal?: AbortSignal) =>
  apiGet<string[]>('/games/favourites/ids', { ...(signal ? { signal } : {}) });

export const favouriteIdsQueryOptions = (user: string) =>
  queryOptions({
    queryKey: favouriteIdsKey(user),
    queryFn: ({ signal }) => getFavouriteIds(signal),
    staleTime: 60_000,
  });
