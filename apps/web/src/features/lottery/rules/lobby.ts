import { LOTTERY_MENU_FAV, LOTTERY_MENU_HOT } from '@panalo/contract/lottery-constants';
import type { LotteryGame, LotteryMenu } from '@panalo/contract/lottery';
import { cardRemainingMs, lobbyRefreshDelayMs } from '@panalo/contract/lottery-rules';

/** LOTT-003: a menu item is 130 rem-hundredths wide (1.30rem of the 750-px design, where 1rem is 100 px). */
export const MENU_ITEM_WIDTH = 130;
/** The width as CSS: the lobby sets --lott-rem to a hundredth of the 750-px design scaled to the page. */
export const menuItemWidthCss = (hundredths: number = MENU_ITEM_WIDTH) =>
  `calc(${hundredths / 100} * var(--lott-rem))`;

export interface MenuTab {
  tag: string;
  /** The server's labelName; null for HOT/FAV when the server sent none (the screen translates them). */
  labelName: string | null;
}

/**
 * LOTT-001/002: the tabs in order: HOT, FAV, then the server's groups (in the order of the answer's keys).
 * HOT and FAV are always there, with the server's label when it sent one.
 */
export function menuTabs(menu: LotteryMenu): MenuTab[] {
  const groups = Object.values(menu);
  const label = (tag: string) => groups.find((g) => g.tag === tag)?.labelName ?? null;
  return [
    { tag: LOTTERY_MENU_HOT, labelName: label(LOTTERY_MENU_HOT) },
    { tag: LOTTERY_MENU_FAV, labelName: label(LOTTERY_MENU_FAV) },
    ...groups
      .filter((g) => g.tag !== LOTTERY_MENU_HOT && g.tag !== LOTTERY_MENU_FAV)
      .map((g) => ({ tag: g.tag, labelName: g.labelName })),
  ];
}

/** Every game of the menu once (a game can sit in HOT and in its own group), in the answer's order. */
export function allGames(menu: LotteryMenu): LotteryGame[] {
  const seen = new Map<string, LotteryGame>();
  for (const g of Object.values(menu))
    for (const game of g.gameMenus) if (!seen.has(game.gameId)) seen.set(game.gameId, game);
  return [...seen.values()];
}

/** LOTT-021: the HOT tab shows the games whose tag contains HOT. */
export const hotGames = (games: readonly LotteryGame[]) =>
  games.filter((g) => g.tag.includes(LOTTERY_MENU_HOT));

/**
 * LOTT-026: favourites first, the most recently added first (favourite ids come most recent first), then
 * the others in their own order.
 */
export function favouritesFirst(
  games: readonly LotteryGame[],
  favouriteIds: readonly string[],
): LotteryGame[] {
  const rank = new Map(favouriteIds.map((id, i) => [id, i]));
  const favs = games
    .filter((g) => rank.has(g.gameId))
    .sort((a, b) => rank.get(a.gameId)! - rank.get(b.gameId)!);
  return [...favs, ...games.filter((g) => !rank.has(g.gameId))];
}

/**
 * The cards of a tab: HOT by tag (LOTT-021); FAV the user's favourites only, empty when none (LOTT-022/023,
 * and unfavouriting drops a card, LOTT-027); any other tab that group's games (LOTT-025). Favourites
 * first in every tab (LOTT-026).
 */
export function tabGames(menu: LotteryMenu, tag: string, favouriteIds: readonly string[]): LotteryGame[] {
  const games = allGames(menu);
  if (tag === LOTTERY_MENU_HOT) return favouritesFirst(hotGames(games), favouriteIds);
  if (tag === LOTTERY_MENU_FAV) {
    const ids = new Set(favouriteIds);
    return favouritesFirst(
      games.filter((g) => ids.has(g.gameId)),
      favouriteIds,
    );
  }
  const group = Object.values(menu).find((g) => g.tag === tag);
  return favouritesFirst(group?.gameMenus ?? [], favouriteIds);
}

/**
 * LOTT-028..030: when to refetch the menu: the smallest non-negative card remaining time among the games
 * with a numero (LOTT-020), 7 s when that is 0 or less, at most 30 s.
 */
export const menuRefreshDelayMs = (games: readonly LotteryGame[]) =>
  lobbyRefreshDelayMs(
    games.map((g) => ({ numero: g.numero, remainingMs: cardRemainingMs(g.remainTime, g.lockTime) })),
  );
