import { randomBytes } from 'node:crypto';

/** Claims on one rain spread over this many held accounts (envelope n is held in shard n % RAIN_SHARDS). */
export const RAIN_SHARDS = 64;

// CSPRNG bytes drawn 4 KiB at a time: a rain of 100,000 envelopes needs 200,000 draws.
let pool = Buffer.alloc(0);
let at = 0;
function random64(): bigint {
  if (at + 8 > pool.length) {
    pool = randomBytes(4096);
    at = 0;
  }
  const x = pool.readBigUInt64BE(at);
  at += 8;
  return x;
}

/** A uniform random integer in [0, n) from the CSPRNG (rejection sampling over 64 bits). */
export function randomBelow(n: bigint): bigint {
  if (n <= 0n) throw new Error('randomBelow needs a positive bound');
  if (n === 1n) return 0n;
  const space = 1n << 64n;
  const limit = space - (space % n);
  for (;;) {
    const x = random64();
    if (x < limit) return x % n;
  }
}

/**
 * Splits `budget` into `count` envelopes of at least `min` each ("twice the mean"): each envelope but the
 * last takes the minimum plus a uniform share of up to twice the mean of what is left above the minimums;
 * the last takes the rest. Every envelope is ≥ min, none takes what the later ones need, and the amounts
 * sum to the budget exactly. The order is then shuffled (the early envelopes are not the small ones).
 */
export function splitBudget(
  budget: bigint,
  count: number,
  min: bigint,
  below: (n: bigint) => bigint = randomBelow,
): bigint[] {
  if (count < 1 || min < 1n || budget < BigInt(count) * min)
    throw new Error('a budget of at least count × min is needed');
  const out: bigint[] = [];
  let left = budget;
  for (let r = count; r > 1; r--) {
    const spare = left - BigInt(r) * min;
    const extra = below((2n * spare) / BigInt(r) + 1n);
    out.push(min + extra);
    left -= min + extra;
  }
  out.push(left);
  // Stryker disable next-line EqualityOperator: `i >= 0` is equivalent (one more swap of the first envelope with itself: below(1n) is 0)
  for (let i = out.length - 1; i > 0; i--) {
    const j = Number(below(BigInt(i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What each held shard receives when the rain is funded: the sum of its envelopes (n % shards). */
export function shardSums(amounts: readonly bigint[], shards = RAIN_SHARDS): bigint[] {
  const sums = Array.from({ length: shards }, () => 0n);
  amounts.forEach((a, i) => {
    sums[(i + 1) % shards]! += a;
  });
  return sums;
}

/** The held shard of envelope n (1-based, as stored). */
export const shardOf = (n: number, shards = RAIN_SHARDS) => n % shards;
