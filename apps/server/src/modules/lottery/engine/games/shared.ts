import type { BetLimits, BetTypeDefinition, GameKind, WinnerRow } from '../types';
import { ODDS_SCALE } from '../types';

/** Default per-bet stake bounds (minor units): 1.00 to 50,000.00. */
export const DEFAULT_LIMITS: BetLimits = { minStakeMinor: 100n, maxStakeMinor: 5_000_000n };

/**
 * Fair odds scaled by a return-to-player: `total / ways × rtp`, floored to ODDS_SCALE. Defaults are
 * derived this way so that every bet type of a game has the same house edge unless a merchant says otherwise.
 */
export function rtpOdds(total: number, ways: number, rtpBps: number): bigint {
  return (BigInt(total) * BigInt(rtpBps) * ODDS_SCALE) / (BigInt(ways) * 10_000n);
}

/** A bet type whose selections are a fixed list of words. */
export function enumBetType<K extends GameKind>(
  code: string,
  values: readonly string[],
  winners: BetTypeDefinition<K>['winners'],
): BetTypeDefinition<K> {
  const allowed = new Set(values);
  return {
    code,
    match: 'exact',
    parseSelection: (s) => (allowed.has(s) ? s : null),
    winners,
  };
}

/** `n` decimal digits exactly (leading zeros kept). */
export function digitsSelection(n: number): (s: string) => string | null {
  const re = new RegExp(`^[0-9]{${n}}$`);
  return (s) => (re.test(s) ? s : null);
}

export const one = (selection: string, oddsKey = 'default'): WinnerRow => ({ selection, hits: 1, oddsKey });

export function limitsFor(codes: readonly string[]): Record<string, BetLimits> {
  return Object.fromEntries(codes.map((c) => [c, { ...DEFAULT_LIMITS }]));
}

/** A number as an integer in [lo, hi] written in plain decimal, or null. */
export function intIn(s: string, lo: number, hi: number): number | null {
  if (!/^[0-9]{1,3}$/.test(s)) return null;
  const n = Number(s);
  return n >= lo && n <= hi ? n : null;
}
