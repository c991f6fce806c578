import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contentPage, pageParams } from '@panalo/contract/content';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { contentKeys } from './content-keys';

// Types only: zod itself never reaches the web bundle.
export type PageSlug = z.infer<typeof pageParams>['slug'];
export type ContentPage = z.infer<typeof contentPage>;

export const getPage = (slug: PageSlug, lang: string, signal?: AbortSignal) =>
  apiGet<ContentPage>(`/content/pages/${slug}`, { query: { lang }, signal });

export const pageQueryOptions = (slug: PageSlug, lang: string) =>
  queryOptions({
    queryKey: contentKeys.page(slug, lang),
    queryFn: ({ signal }) => getPage(slug, lang, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** A content page (e.g. the user agreement) in the current language. */
export function useContentPage(slug: PageSlug) {
  return useQuery(pageQueryOptions(slug, useDebouncedLanguage()));
}
