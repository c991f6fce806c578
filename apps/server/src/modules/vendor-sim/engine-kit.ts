import { createHash, randomInt } from 'node:crypto';
import { mulberry32 } from '../../lib/mulberry32';

/** A uniform whole number in [0, max): node:crypto's by default; tests pass a scripted one. */
export type RandomInt = (max: number) => number;
export const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/**
 * The title's own deterministic generator, seeded from its game code: paytables, fish and odds differ
 * from title to title but stay the same on every start. Never used for outcomes.
 */
export function titleRng(gameCode: string, salt = ''): () => number {
  return mulberry32(createHash('sha256').update(`${salt}:${gameCode}`).digest().readUInt32BE(0));
}

/** A multiplier in hundredths (245 = 2.45x) applied to a stake in minor units, rounded down. */
export const applyMultiplier = (stake: bigint, hundredths: number, divisor = 1n) =>
  (stake * BigInt(hundredths)) / (100n * divisor);

/** The result of one round as the page shows it; `win` in minor units (0 when nothing is won). */
export interface RoundOutcome {
  win: bigint;
  detail: Record<string, unknown>;
}

/** A game engine of one title: what the page shows up front (rules, paytable) and one round. */
export interface Engine {
  kind: 'slot' | 'cards' | 'match' | 'fish';
  /** Public, JSON-safe description: the paytable or odds the page states. */
  info: Record<string, unknown>;
  /** The theoretical return to player of the title (0..1), stated on the page. */
  rtp: number;
  /** One round at `stake` (minor units); `pick` is the player's choice, null when it is not valid. */
  play(stake: bigint, pick: string | undefined, rand: RandomInt): RoundOutcome | null;
}
