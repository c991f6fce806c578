import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeItem } from '@panalo/contract/content';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { contentKeys } from './content-keys';

/** API-042: the notice fetch answers `{ contentLobby }`. */
export const getNotices = async (lang: string, signal?: AbortSignal): Promise<NoticeItem[]> =>
  (await apiGet<{ contentLobby: NoticeItem[] }>('/content/notices', { query: { lang }, signal }))
    .contentLobby;

export const noticesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: contentKeys.notices(lang),
    queryFn: ({ signal }) => getNotices(lang, signal),
    placeholderData: keepPreviousData,
  });

/** The announcements page list, newest first. */
export function useNotices() {
  return useQuery(noticesQueryOptions(useDebouncedLanguage()));
}
