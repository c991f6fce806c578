import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement } from '@panalo/contract/content';
import { apiGet } from '../../../lib/api';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { homeKeys } from './home-keys';
import { useSite } from '../../../app/site';

/** HOME-006: the home announcements are types B,PL,PU,H of group m_home on platform M. */
export const HOME_ANNOUNCEMENTS_QUERY = { types: 'B,PL,PU,H', groupName: 'm_home', platform: 'M' } as const;

/**
 * API-039: the call names the merchant (merchantCode) and, for a member, carries the session token — as
 * the bearer header every call sends, never in the URL, where proxies and logs would keep it. The server
 * still takes the merchant from the site's host; the code only has to agree with it.
 */
export const getHomeAnnouncements = (lang: string, merchantCode: string, signal?: AbortSignal) =>
  apiGet<Announcement[]>('/content/announcements', {
    query: { ...HOME_ANNOUNCEMENTS_QUERY, merchantCode, lang },
    signal,
  });

export const homeAnnouncementsQueryOptions = (lang: string, merchantCode: string) =>
  queryOptions({
    queryKey: homeKeys.announcements(lang),
    queryFn: ({ signal }) => getHomeAnnouncements(lang, merchantCode, signal),
    // Banners, notices and popups stay on screen while the other language loads.
    placeholderData: keepPreviousData,
  });

/** Banners, marquee titles and popups of home, in the current language. */
export function useHomeAnnouncements() {
  const { bundle } = useSite();
  return useQuery(homeAnnouncementsQueryOptions(useDebouncedLanguage(), bundle.site.merchantCode));
}
