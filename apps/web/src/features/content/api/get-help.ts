import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpItem } from '@panalo/contract/content';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { contentKeys } from './content-keys';

/** API-033: the help centre is fetched with device=MOBILE and the language. */
export const HELP_DEVICE = 'MOBILE';

export const getHelp = (lang: string, signal?: AbortSignal) =>
  apiGet<HelpItem[]>('/content/help', { query: { device: HELP_DEVICE, lang }, signal });

export const helpQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: contentKeys.help(HELP_DEVICE, lang),
    queryFn: ({ signal }) => getHelp(lang, signal),
    // The open article stays on screen while the other language loads.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** The help centre's items in the current language (CONTENT-002). */
export function useHelpItems() {
  return useQuery(helpQueryOptions(useDebouncedLanguage()));
}
