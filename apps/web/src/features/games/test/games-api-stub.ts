import type { GameListRequest } from '@panalo/contract/games';
import { stubApi, type StubAnswer } from '../../member/test/member-fixtures';
import { classification, games, vendor } from './fixtures';

export const LIST = 'POST /api/games/list';
export const VENDORS = '/api/games/vendors';
export const TYPES = '/api/games/types';
export const HOT = '/api/games/hot';
export const FAVS = '/api/games/favourites';
export const FAV_IDS = '/api/games/favourites/ids';
export const FAV_ADD = 'POST /api/games/favourites';
export const FAV_REMOVE = 'DELETE /api/games/favourites';
export const RECENT = '/api/games/recent';
export const CONFIG = '/api/games/vendor-config';

type Route = Parameters<typeof stubApi>[0][string];

/** A games API: `totalPages` pages of 26 games for any list request, and the RNG vendors and types. */
export function stubGames(over: Record<string, Route> = {}, totalPages = 1) {
  const list = ({ init }: { init: RequestInit | undefined }): StubAnswer => {
    const body = JSON.parse(init?.body as string) as GameListRequest;
    const page = Number(body.pageNo ?? 1);
    return { value: { games: games(26, (page - 1) * 26 + 1), pageNum: page, totalPages } };
  };
  return stubApi({
    [LIST]: list,
    [VENDORS]: {
      value: ['BYN', 'ARW', 'HMY', 'TF', 'DS88', 'AAA', 'BBB'].map((c) =>
        vendor(c, c === 'TF' ? 'ESPORTS' : c === 'DS88' ? 'COCKFIGHT' : 'RNG'),
      ),
    },
    [TYPES]: { value: [classification('VIDEO', 'Video slots'), classification('ESPORTS', 'Esports')] },
    [HOT]: { value: games(3, 900) },
    [FAV_IDS]: { value: [] },
    [CONFIG]: {
      value: {
        sorting: ['HOT', 'RNG', 'LIVE', 'LOTT', 'ELOTT'].map((gameCategory) => ({
          gameCategory,
          vendorNames: [],
        })),
        mapping: {},
        prizeMode: 'Lott',
      },
    },
    ...over,
  });
}

/** The bodies of the list requests made so far. */
export const listBodies = (calls: ReturnType<typeof stubApi>['calls']) =>
  calls
    .filter((c) => c.method === 'POST' && c.url.pathname === '/api/games/list')
    .map((c) => c.body as GameListRequest);
