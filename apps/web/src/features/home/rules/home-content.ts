import type { Announcement, GameCategoryCode, HotMatch } from '@panalo/contract/content';
import type { CustomerService, CustomerServiceEntry, CustomerServiceType } from '@panalo/contract/startup';

export const NOTICE_PATH = '/m/notice';
export const LOGIN_PATH = '/m/login';

/** Banners: type B announcements with an image (HOME-008). */
export const bannersOf = (items: readonly Announcement[]) =>
  items.filter((a): a is Announcement & { url: string } => a.type === 'B' && !!a.url);

/** Marquee titles: player (PL) and headline (H) announcements (HOME-023). */
export const marqueeTitlesOf = (items: readonly Announcement[]) =>
  items.filter((a) => (a.type === 'PL' || a.type === 'H') && a.title.trim().length > 0).map((a) => a.title);

/** Only web links and same-site paths may be followed; anything else (javascript:, data:) is dropped. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const u = url.trim();
  if (/^https?:\/\//i.test(u)) return u;
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  return null;
}

export type BannerTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/** HOME-009: a banner's own /m/ path opens in the app; any other link in a new tab. */
export function bannerTarget(linkUrl: string | null): BannerTarget | null {
  const href = safeHref(linkUrl);
  if (!href) return null;
  if (href === '/m' || href.startsWith('/m/')) return { kind: 'internal', to: href };
  return { kind: 'external', href };
}

/** HOME-001: the lottery has its own lobby; every other category opens the game list. */
export const categoryHref = (code: GameCategoryCode) =>
  code === 'LOTT' ? '/m/lottery' : `/m/gameList?gameType=${encodeURIComponent(code)}`;

/** HOME-022 / ROLE-004: a visitor is sent to log in; a member launches the match. */
export function launchMatchHref(match: HotMatch, loggedIn: boolean): string {
  if (!loggedIn) return LOGIN_PATH;
  const q = new URLSearchParams({ code: match.nodeId, vendor: match.vendor, roomId: match.roomId });
  return `/m/launchGame?${q.toString()}`;
}

export const CUSTOMER_SERVICE_TYPES: readonly CustomerServiceType[] = ['CS', 'TELEGRAM', 'FACEBOOK'];

export interface ServiceChannel {
  type: CustomerServiceType;
  entries: CustomerServiceEntry[];
}

/** CONTENT-009/010: the channels in fixed order, each only when it has usable entries. */
export function serviceChannels(cs: CustomerService): ServiceChannel[] {
  return CUSTOMER_SERVICE_TYPES.map((type) => ({
    type,
    entries: cs[type].filter((e) => safeHref(e.url) !== null),
  })).filter((c) => c.entries.length > 0);
}

/** CONTENT-011/012: one entry opens directly; several expand a list. */
export const channelOpensDirectly = (c: ServiceChannel) => c.entries.length === 1;
