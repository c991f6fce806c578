import { vi } from 'vitest';
import type { Announcement, GameCategory, HotMatch } from '@panalo/contract/content';
import type { Game, RecentWin } from '@panalo/contract/games';

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

/** Hot games as /games/hot answers them: an in-house game and a vendor's slot. */
export const hotGames = (count = 3): Game[] =>
  Array.from({ length: count }, (_, i) => ({
    nodeId: String(500 + i),
    gameName: i === 0 ? 'Pearl of Manila' : `Lucky Slot ${i}`,
    nodeName: `node-${500 + i}`,
    vassalage: i === 0 ? 'PNL' : 'BYN',
    gameType: i === 0 ? 'INHOUSE' : 'RNG',
    gameId: i === 0 ? 'pearl-of-manila' : `byn-slot-${i}`,
    roomId: null,
    showIcon: true,
    iconUrl: `/api/games/art/${500 + i}.svg`,
    supportPlay: true,
    gameClassifyNew: null,
    minBet: '0.10',
    lines: null,
    isNew: false,
    hot: true,
  }));

/** Recent wins as /games/recent-wins answers them, newest first. */
export const recentWins = (now = Date.now()): RecentWin[] => [
  {
    userName: 'de***01',
    game: 'Win Go 1 min',
    product: 'lottery',
    winAmount: '1250.00',
    at: new Date(now - 20_000).toISOString(),
  },
  {
    userName: 'ma***ia',
    game: 'Lucky Slot 1',
    product: 'game',
    winAmount: '40.00',
    at: new Date(now - 5 * 60_000).toISOString(),
  },
  {
    userName: 'jo***88',
    game: 'Pearl of Manila',
    product: 'game',
    winAmount: '9.50',
    at: new Date(now - 3 * 3_600_000).toISOString(),
  },
];

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
  hotGames: '/api/games/hot',
  recentWins: '/api/games/recent-wins',
} as const;

/** The full home API with seeded-like data; override single routes. */
export function stubHomeApi(over: Partial<Record<keyof typeof HOME_API, Route>> = {}) {
  return stubApi({
    [HOME_API.announcements]: over.announcements ?? homeAnnouncements(),
    [HOME_API.hotMatches]: over.hotMatches ?? hotMatches(),
    [HOME_API.categories]: over.categories ?? gameCategories(),
    [HOME_API.hotGames]: over.hotGames ?? hotGames(),
    [HOME_API.recentWins]: over.recentWins ?? recentWins(),
  });
}
