import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Game } from '@panalo/contract/games';
import { getFavourites, getHotGames, getRecent, postGameList } from '../api/games-api';
import { gamesKeys } from '../api/games-keys';
import type { DataTab } from '../rules/classify';
import { listKey, listRequest, type GameFilterState } from '../rules/filter';
import { nextPage } from '../rules/paging';

/** One page of any of the four lists, in one shape. */
export interface GamePage {
  games: Game[];
  pageNum: number;
  totalPages: number;
}
export type GamePages = InfiniteData<GamePage, number>;

interface Args {
  tab: DataTab;
  gameType: string;
  filter: GameFilterState;
  language: string;
  loggedIn: boolean;
}

/** The query key of a tab's list; favourites lists are found by it to drop a removed game at once. */
export function pagesKey({ tab, gameType, filter, language }: Omit<Args, 'loggedIn'>): readonly string[] {
  switch (tab) {
    case 'all':
      return gamesKeys.list(listKey(gameType, filter, language));
    case 'hot':
      return gamesKeys.hot(gameType, language);
    case 'fav':
      return gamesKeys.favourites(gameType, language);
    case 'recent':
      return gamesKeys.recent(gameType, language);
  }
}

async function fetchPage(a: Omit<Args, 'loggedIn'>, pageNo: number, signal: AbortSignal): Promise<GamePage> {
  switch (a.tab) {
    case 'all':
      return postGameList(listRequest(a.gameType, a.filter, a.language, pageNo), signal);
    case 'hot':
      return { games: await getHotGames(a.gameType, a.language, signal), pageNum: 1, totalPages: 1 };
    case 'fav': {
      const r = await getFavourites(a.gameType, a.language, pageNo, signal);
      return { games: r.content, pageNum: r.pageNum, totalPages: r.totalPages };
    }
    case 'recent': {
      const r = await getRecent(a.gameType, a.language, pageNo, signal);
      return { games: r.list, pageNum: pageNo, totalPages: r.totalPages };
    }
  }
}

/**
 * The games of the chosen tab, page by page (GAMES-009/045/046): page 1 first; further pages are
 * appended while pageNum is below totalPages; the hot list is one page. A filter, search, vendor or
 * language change gives a new key and so starts again at page 1 (GAMES-044).
 */
export function useGamePages(args: Args) {
  const { loggedIn, ...rest } = args;
  const memberOnly = rest.tab === 'fav' || rest.tab === 'recent' || rest.filter.gameClassify === 'FAV';
  return useInfiniteQuery({
    queryKey: pagesKey(rest),
    queryFn: ({ pageParam, signal }) => fetchPage(rest, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last, rest.tab === 'hot'),
    enabled: loggedIn || !memberOnly,
    staleTime: 60_000,
  });
}
