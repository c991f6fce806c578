// Recomputes a settled round from its revealed seeds, for the public verification page: anyone holding the
// server seed, client seed, nonce, game and bet gets the same outcome and payout the player got.
import { FairRng } from '../fairness/fair-rng';
import { HmacStream } from '../fairness/streams';
import { isClientSeed, isServerSeed } from '../fairness/seeds';
import type { BetErrorCode, Round } from './game';
import { inhouseGame } from './registry';

export type ReplayResult =
  | { ok: true; round: Round<unknown>; blocksUsed: number }
  | { ok: false; code: BetErrorCode | 'fairness.seedInvalid' | 'fairness.nonceInvalid' };

/** Plays one round from the HMAC stream of (serverSeed, clientSeed, nonce). */
export function replay(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  game: string,
  bet: unknown,
): ReplayResult {
  if (!isServerSeed(serverSeed) || !isClientSeed(clientSeed))
    return { ok: false, code: 'fairness.seedInvalid' };
  if (!Number.isSafeInteger(nonce) || nonce < 0) return { ok: false, code: 'fairness.nonceInvalid' };
  const g = inhouseGame(game);
  if (!g) return { ok: false, code: 'inhouse.game.unknown' };
  const parsed = g.parseBet(bet);
  if (!parsed.ok) return parsed;
  const stream = new HmacStream(serverSeed, clientSeed, nonce);
  const round = g.play(new FairRng(stream), parsed.bet);
  return { ok: true, round, blocksUsed: stream.blocksUsed };
}
