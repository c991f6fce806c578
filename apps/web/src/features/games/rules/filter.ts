import type { GameListRequest } from '@panalo/contract/games';

// The contract module carries zod, so its constants are restated here (spec §9) rather than imported.
/** CONST-011 / spec §9: game lists 26 a page, recent lists 25. */
export const GAME_PAGE_SIZE = 26;
export const RECENT_PAGE_SIZE = 25;

/** GAMES-037: the game filter state of spec §3. */
export interface GameFilterState {
  gameClassify: string;
  minBet: string | undefined;
  vassalage: string | undefined;
  gameName: string | undefined;
  mobileSmallIcon: string | undefined;
}

export const EMPTY_FILTER: GameFilterState = {
  gameClassify: 'ALL',
  minBet: undefined,
  vassalage: undefined,
  gameName: undefined,
  mobileSmallIcon: undefined,
};

/** GAMES-027 (spec §9): the minimum-bet options besides "all" (undefined). */
export const MIN_BET_CHOICES = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;

/**
 * GAMES-025/048: choosing a vendor sets the vendor filter (and its icon); choosing the selected one
 * again, or All, clears it.
 */
export function chooseVendor(
  f: GameFilterState,
  vendor: { vassalage: string; mobileSmallIcon: string } | null,
): GameFilterState {
  if (vendor === null || vendor.vassalage === f.vassalage)
    return { ...f, vassalage: undefined, mobileSmallIcon: undefined };
  return { ...f, vassalage: vendor.vassalage, mobileSmallIcon: vendor.mobileSmallIcon };
}

/** Spec §7 Games: the list request for one page (page 1 first, 26 a page, platform html5). */
export function listRequest(
  gameType: string,
  f: GameFilterState,
  language: string,
  pageNo: number,
): GameListRequest {
  const req: GameListRequest = {
    platform: 'html5',
    gameType,
    gameClassify: f.gameClassify,
    pageNo,
    pageSize: GAME_PAGE_SIZE,
    language,
  };
  if (f.gameName !== undefined) req.gameName = f.gameName;
  if (f.vassalage !== undefined) req.vassalage = f.vassalage;
  if (f.minBet !== undefined) req.minBet = f.minBet;
  if (f.gameClassify === 'NEW') req.isNew = true;
  return req;
}

/**
 * GAMES-044: the parts of the filter that define a list. A change in any of them starts again at page 1
 * (the query key changes, so the pages collected so far are dropped).
 */
export const listKey = (gameType: string, f: GameFilterState, language: string) =>
  [gameType, f.gameClassify, f.vassalage ?? '', f.gameName ?? '', f.minBet ?? '', language] as const;

/** GAMES-029/030/031: where an other-games entry leads; ELOTT is not listed, nor the current category. */
export function otherGames(categories: readonly string[], current: string): { code: string; href: string }[] {
  return categories
    .filter((c) => c !== 'ELOTT' && c !== current)
    .map((code) => ({
      code,
      href: code === 'LOTT' ? '/m/lottery' : `/m/gameList?gameType=${encodeURIComponent(code)}`,
    }));
}
