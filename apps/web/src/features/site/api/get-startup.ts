import { queryOptions } from '@tanstack/react-query';
import type { StartupBundle } from '@panalo/contract/startup';
import { apiGet } from '../../../lib/api';

export const getStartup = (signal?: AbortSignal) =>
  apiGet<StartupBundle>('/startup', signal ? { signal } : {});

/** The startup bundle: from the page when inlined, else fetched; refreshed every few minutes. */
export const startupQueryOptions = (initial?: StartupBundle) =>
  queryOptions({
    queryKey: ['site', 'startup'],
    queryFn: ({ signal }) => getStartup(signal),
    staleTime: 5 * 60_000,
    ...(initial ? { initialData: initial } : {}),
  });
