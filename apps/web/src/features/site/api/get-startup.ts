import { queryOptions } from '@tanstack/react-query';
import type { StartupBundle } from '@panalo/contract/startup';
import { apiGet } from '../../../lib/api';

export const getStartup = (signal?: AbortSignal) =>
  apiGet<StartupBundle>('/startup', signal ? { signal } : {});

/** The bundle the server inlined into index.html, if any (it saves a round trip before the first render). */
export function inlineStartupBundle(doc: Document = document): StartupBundle | undefined {
  const el = doc.getElementById('startup-bundle');
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as StartupBundle;
  } catch {
    return undefined;
  }
}

/** The startup bundle: from the page when inlined, else fetched; refreshed every few minutes. */
export const startupQueryOptions = (initial?: StartupBundle) =>
  queryOptions({
    queryKey: ['site', 'startup'],
    queryFn: ({ signal }) => getStartup(signal),
    staleTime: 5 * 60_000,
    ...(initial ? { initialData: initial } : {}),
  });
