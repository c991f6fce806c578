import { getGame, findGame, checkKind } from './registry';
import { DrawStream, seedHash } from './rng';
import type { LotteryResult } from './types';
import { sameHex } from '../../../lib/crypto';

/** The result of a period: a pure function of the committed seed, the game and the numero. */
export function drawResult(seed: string, gameCode: string, numero: string): LotteryResult {
  return getGame(gameCode).draw(new DrawStream(seed, gameCode, numero));
}

/** previousWinningNumber text of a result (groups by `~`, numbers by `,`). */
export function formatResult(gameCode: string, result: LotteryResult): string {
  const game = getGame(gameCode);
  checkKind(game, result);
  return game.format(result);
}

export function parseResult(gameCode: string, text: string): LotteryResult | null {
  return getGame(gameCode).parse(text);
}

export type Verification =
  | { ok: true; result: LotteryResult; winningNumber: string }
  | { ok: false; reason: 'game_unknown' | 'seed_mismatch' };

/**
 * For the public verification page: checks that the revealed seed is the one whose hash was published
 * at open, then recomputes the draw from it.
 */
export function verifyDraw(seed: string, hash: string, gameCode: string, numero: string): Verification {
  const game = findGame(gameCode);
  if (!game) return { ok: false, reason: 'game_unknown' };
  if (!/^[0-9a-f]{64}$/i.test(hash) || !sameHex(seedHash(seed), hash.toLowerCase()))
    return { ok: false, reason: 'seed_mismatch' };
  const result = game.draw(new DrawStream(seed, gameCode, numero));
  return { ok: true, result, winningNumber: game.format(result) };
}
