import { queryOptions } from '@tanstack/react-query';
import type { StartupBundle } from '@panalo/contract/startup';
import { apiGet } from '../../../lib/api';

export const getStartup = (signal?: AbortSignal) =>
  apiGet<StartupBundle>('/startup', signal ? { signal } : {});

/** The startup bundle: fetched once before the first render, refreshed every few minutes. */
export const startupQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'startup'],
    queryFn: ({ signal }) => getStartup(signal),
    staleTime: 5 * 60_000,
  });
