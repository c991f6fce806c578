import { fiveDGame } from './games/five-d';
import { k3Game } from './games/k3';
import { pick6Game } from './games/pick6';
import { vnLottoGame } from './games/vn-lotto';
import { wingoGame } from './games/wingo';
import type { GameDefinition, GameKind, LotteryResult } from './types';

/**
 * Forgets which kind a game is: TypeScript treats the kind parameter as invariant (it sits inside a
 * conditional type), but every use of an erased game goes through checkKind first.
 */
const erase = <K extends GameKind>(g: GameDefinition<K>) => g as unknown as GameDefinition;

/** Every game the engine can draw and settle, by gameCode. The database holds which merchant sells which. */
export const GAMES: readonly GameDefinition[] = [
  erase(wingoGame('WINGO1', 1, 5)),
  erase(wingoGame('WINGO3', 3, 10)),
  erase(wingoGame('WINGO5', 5, 15)),
  erase(fiveDGame('5D', 5, 30)),
  erase(k3Game('K3', 3, 15)),
  erase(vnLottoGame('VNLOTTO', '18:15', 900)),
  erase(pick6Game('JACKPOT645', '21:00', 1_800)),
];

const byCode = new Map(GAMES.map((g) => [g.code, g]));

export function findGame(code: string): GameDefinition | undefined {
  return byCode.get(code);
}

export function getGame(code: string): GameDefinition {
  const g = byCode.get(code);
  if (!g) throw new Error(`unknown lottery game ${code}`);
  return g;
}

/** Guards the one place where a stored result meets a game: a result of another kind is a bug upstream. */
export function checkKind(game: GameDefinition, result: LotteryResult): void {
  if (result.kind !== game.kind) throw new Error(`result of kind ${result.kind} for game ${game.code}`);
}
