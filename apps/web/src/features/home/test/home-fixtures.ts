import { vi } from 'vitest';
import type { Announcement, GameCategory, HotMatch } from '@panalo/contract/content';

let nextId = 100;
export function announcement(p: Partial<Announcement> & Pick<Announcement, 'type' | 'title'>): Announcement {
  return {
    id: ++nextId,
    content: `<p>${p.title} body</p>`,
    execution: null,
    promotionType: null,
    url: null,
    linkUrl: null,
    ...p,
  };
}

/** Home announcements shaped like the seeded ones: 3 banners, 2 notices, popups for groups B, A and F. */
export const homeAnnouncements = (): Announcement[] => [
  announcement({ type: 'B', title: 'Welcome', url: 'banners/panalo-welcome.svg', linkUrl: '/m/activity' }),
  announcement({ type: 'B', title: 'Draws', url: 'banners/panalo-lottery.svg', linkUrl: '/m/lottery' }),
  announcement({
    type: 'B',
    title: 'Sports',
    url: 'banners/panalo-sports.svg',
    linkUrl: 'https://x.example',
  }),
  announcement({ type: 'PL', title: 'Scheduled maintenance on Sunday' }),
  announcement({ type: 'H', title: 'GCash deposits credit in seconds' }),
  announcement({ type: 'PU', title: 'Join today', execution: 'B' }),
  announcement({ type: 'PU', title: 'Daily rewards', execution: 'A', linkUrl: '/m/rewardCenter' }),
  announcement({ type: 'PU', title: 'First time here?', execution: 'F' }),
];

export const hotMatches = (): HotMatch[] =>
  [1, 2, 3].map((n) => ({
    matchTime: new Date(2026, 2, 7 + n, 19, 30).toISOString(),
    homeTeam: `Home ${n}`,
    awayTeam: `Away ${n}`,
    homeTeamImageUrl: `teams/home-${n}.svg`,
    awayTeamImageUrl: `teams/away-${n}.svg`,
    vendor: 'SABA',
    roomId: `room-${n}`,
    nodeId: `match-${n}`,
    league: `League ${n}`,
  }));

export const gameCategories = (): GameCategory[] =>
  (['HOT', 'LOTT', 'SPORTS', 'LIVE'] as const).map((code) => ({
    code,
    iconUrl: `categories/${code.toLowerCase()}.svg`,
  }));

/** A route's value, a function of the request URL giving it, or an ApiFailure. */
type Route = unknown;

/** An error a route can return to make the API answer 500 with this code. */
export class ApiFailure {
  constructor(readonly code = 'unknown_error') {}
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for the API over fetch (the only thing outside the web app's walls in these tests):
 * `routes` maps an /api path to its value, a function of the URL, or an ApiFailure.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    calls.push(url);
    const route = routes[url.pathname];
    if (route === undefined) return json(404, { success: false, code: 'not_found', message: url.pathname });
    const value: unknown = typeof route === 'function' ? (route as (u: URL) => unknown)(url) : route;
    if (value instanceof ApiFailure) return json(500, { success: false, code: value.code, message: 'x' });
    return json(200, { success: true, value });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const HOME_API = {
  announcements: '/api/content/announcements',
  hotMatches: '/api/content/hot-matches',
  categories: '/api/content/game-categories',
} as const;

/** The full home API with seeded-like data; override single routes. */
export function stubHomeApi(over: Partial<Record<keyof typeof HOME_API, Route>> = {}) {
  return stubApi({
    [HOME_API.announcements]: over.announcements ?? homeAnnouncements(),
    [HOME_API.hotMatches]: over.hotMatches ?? hotMatches(),
    [HOME_API.categories]: over.categories ?? gameCategories(),
  });
}
