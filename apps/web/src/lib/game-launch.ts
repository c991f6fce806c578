import type { Game } from '@panalo/contract/games';

export const LOTTERY_LAUNCHER_VENDORS = ['TCG_LOTTO_VN', 'TCG_SEA'] as const;
export const LAUNCH_GAME_VENDORS = ['LOTT', 'ELOTT'] as const;
/** Our own games open their own screen (no vendor launch). */
export const INHOUSE_VENDOR = 'PNL';

export type LaunchRoute =
  | { kind: 'login'; to: string }
  | { kind: 'lottery'; to: string }
  | { kind: 'launchGame'; to: string }
  | { kind: 'inhouse'; to: string }
  | { kind: 'generic'; to: string };

type Launchable = Pick<Game, 'vassalage' | 'gameType' | 'gameId' | 'nodeId' | 'supportPlay'>;

const LAUNCH_PATH = '/m/launchGame';

/**
 * Spec §4 launch routing (GAMES-049/050/051, ROLE-004): visitors log in first (and come back to
 * `returnTo`); TCG_LOTTO_VN and TCG_SEA open the lottery launcher at gameCode lobby; LOTT and ELOTT open
 * /m/launchGame; our own games (PNL) open /m/inhouse/<gameId>; every other vendor goes through the
 * generic launcher with category, vendor, gameId, nodeId and supportPlay.
 */
export function launchRoute(game: Launchable, loggedIn: boolean, returnTo: string): LaunchRoute {
  if (!loggedIn) return { kind: 'login', to: `/m/login?redirect=${encodeURIComponent(returnTo)}` };
  const v = game.vassalage;
  if (v === INHOUSE_VENDOR) return { kind: 'inhouse', to: `/m/inhouse/${encodeURIComponent(game.gameId)}` };
  if ((LOTTERY_LAUNCHER_VENDORS as readonly string[]).includes(v)) {
    const q = new URLSearchParams({ launcher: 'lottery', vendor: v, gameCode: 'lobby', pageBack: 'home' });
    return { kind: 'lottery', to: `${LAUNCH_PATH}?${q.toString()}` };
  }
  if ((LAUNCH_GAME_VENDORS as readonly string[]).includes(v)) {
    const q = new URLSearchParams({
      playType: 'trad',
      prize_mode: v === 'ELOTT' ? 'Elott' : 'Lott',
      code: game.gameId || 'lobby',
      pageBack: 'home',
    });
    return { kind: 'launchGame', to: `${LAUNCH_PATH}?${q.toString()}` };
  }
  const q = new URLSearchParams({
    category: game.gameType,
    vendor: v,
    gameId: game.gameId,
    nodeId: game.nodeId,
    supportPlay: String(game.supportPlay),
  });
  return { kind: 'generic', to: `${LAUNCH_PATH}?${q.toString()}` };
}
