import type { Game } from '@panalo/contract/games';

/** GAMES-039/040/041: what tapping the heart does. */
export type FavouriteAction = 'login' | 'add' | 'remove';

export function favouriteAction(
  loggedIn: boolean,
  ids: ReadonlySet<string>,
  nodeId: string,
): FavouriteAction {
  if (!loggedIn) return 'login';
  return ids.has(nodeId) ? 'remove' : 'add';
}

/** GAMES-038/042: ids are strings; adding one already present keeps it once. */
export function withId(ids: readonly string[], nodeId: string): string[] {
  return ids.includes(nodeId) ? [...ids] : [...ids, nodeId];
}

export const withoutId = (ids: readonly string[], nodeId: string): string[] =>
  ids.filter((i) => i !== nodeId);

/** GAMES-043: a removed favourite leaves the favourites list at once, before the server answers. */
export const withoutGame = (games: readonly Game[], nodeId: string): Game[] =>
  games.filter((g) => g.nodeId !== nodeId);

/** GAMES-033: the name on a tile. */
export const tileName = (g: Pick<Game, 'gameName' | 'nodeName'>): string =>
  g.gameName !== null && g.gameName.trim() !== '' ? g.gameName : g.nodeName;
