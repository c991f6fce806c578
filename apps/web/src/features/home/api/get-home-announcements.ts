import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement } from '@panalo/contract/content';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { homeKeys } from './home-keys';

/** HOME-006: the home announcements are types B,PL,PU,H of group m_home on platform M. */
export const HOME_ANNOUNCEMENTS_QUERY = { types: 'B,PL,PU,H', groupName: 'm_home', platform: 'M' } as const;

export const getHomeAnnouncements = (lang: string, signal?: AbortSignal) =>
  apiGet<Announcement[]>('/content/announcements', { query: { ...HOME_ANNOUNCEMENTS_QUERY, lang }, signal });

export const homeAnnouncementsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: homeKeys.announcements(lang),
    queryFn: ({ signal }) => getHomeAnnouncements(lang, signal),
    // Banners, notices and popups stay on screen while the other language loads.
    placeholderData: keepPreviousData,
  });

/** Banners, marquee titles and popups of home, in the current language. */
export function useHomeAnnouncements() {
  return useQuery(homeAnnouncementsQueryOptions(useDebouncedLanguage()));
}
