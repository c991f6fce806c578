import type * as Crypto from 'node:crypto';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { randomBelow, shardOf, shardSums, splitBudget } from './rain-maths';

const TOO_SMALL = 'a budget of at least count × min is needed';
const NO_BOUND = 'randomBelow needs a positive bound';

// node:crypto's own exports object: a spy on its randomBytes, made visible to rain-maths' import by
// syncBuiltinESMExports, shows how the CSPRNG is drawn (no vi.mock: the server's test files share their
// modules, and a replaced module would stay replaced for the files after this one).
const nodeCrypto = createRequire(import.meta.url)('node:crypto') as typeof Crypto;
const realRandomBytes = nodeCrypto.randomBytes.bind(nodeCrypto);

/** Runs `body` with the CSPRNG's bytes taken from `source` (each call: one refill of rain-maths' pool). */
function withBytes(source: (size: number) => Buffer, body: () => void): void {
  const spy = vi.spyOn(nodeCrypto, 'randomBytes').mockImplementation(source);
  syncBuiltinESMExports();
  try {
    body();
  } finally {
    spy.mockRestore();
    syncBuiltinESMExports();
  }
}

/**
 * Draws until rain-maths' pool of bytes refills (a bound of 2 never rejects: one 8-byte word a draw),
 * whatever earlier tests left in it; the draw that refilled it took the new pool's first word.
 */
function drawUntilRefill(refills: () => number): void {
  const was = refills();
  for (let i = 0; refills() === was; i++) {
    if (i > 512) throw new Error('the pool of 4,096 bytes never refilled');
    randomBelow(2n);
  }
}

describe('red envelope rain split', () => {
  it('splits a budget into envelopes of at least the minimum that sum to it exactly', () => {
    for (const [budget, count, min] of [
      [10_000n, 100, 1n],
      [100n, 100, 1n],
      [999_999_999_999_999n, 7, 5n],
      [12_345n, 1, 100n],
      [5_000_000n, 10_000, 100n],
    ] as const) {
      const parts = splitBudget(budget, count, min);
      expect(parts).toHaveLength(count);
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(budget);
      expect(parts.every((p) => p >= min)).toBe(true);
    }
  });

  it('gives each envelope at most twice the mean of what is left above the minimums, then the last the rest', () => {
    // With the largest draw every time, each envelope takes min + 2 × mean spare: never more.
    const parts = splitBudget(1_000n, 4, 10n, (n) => n - 1n);
    const sorted = [...parts].sort((a, b) => Number(a - b));
    expect(parts.reduce((a, b) => a + b, 0n)).toBe(1_000n);
    expect(sorted[3]).toBeLessThanOrEqual(10n + (2n * (1_000n - 40n)) / 4n);
    // With the smallest draw every time, all but the last take the minimum.
    expect([...splitBudget(1_000n, 4, 10n, () => 0n)].sort((a, b) => Number(a - b))).toEqual([
      10n,
      10n,
      10n,
      970n,
    ]);
  });

  it('refuses a budget below count × minimum, no envelope and a minimum below one, saying so', () => {
    // Each refusal by its own check and message (without the check, some would still throw, but from
    // randomBelow, and some would split: a minimum of 0 or a budget over count ÷ min).
    expect(() => splitBudget(99n, 100, 1n)).toThrow(TOO_SMALL);
    expect(() => splitBudget(99n, 10, 10n)).toThrow(TOO_SMALL);
    expect(() => splitBudget(1n, 2, 1n)).toThrow(TOO_SMALL);
    expect(() => splitBudget(100n, 0, 1n)).toThrow(TOO_SMALL);
    expect(() => splitBudget(100n, -1, 1n)).toThrow(TOO_SMALL);
    expect(() => splitBudget(100n, 3, 0n)).toThrow(TOO_SMALL);
    expect(() => splitBudget(100n, 3, -1n)).toThrow(TOO_SMALL);
    // The edge itself is a split: every envelope exactly the minimum.
    expect(splitBudget(100n, 10, 10n)).toEqual(Array.from({ length: 10 }, () => 10n));
  });

  it('keeps every envelope within [min, budget − (count − 1) × min] and the sum exact, for many random terms', () => {
    for (let k = 0; k < 400; k++) {
      const count = 1 + Number(randomBelow(k % 4 === 0 ? 3n : 60n));
      const min = 1n + randomBelow(k % 5 === 0 ? 1n : 1_000n);
      // Every third split has nothing above the minimums (min × count = budget).
      const budget = BigInt(count) * min + (k % 3 === 0 ? 0n : randomBelow(10_000_000n));
      const parts = splitBudget(budget, count, min);
      const most = budget - BigInt(count - 1) * min;
      const terms = `budget ${budget}, count ${count}, min ${min}: ${parts.join(' ')}`;
      expect(parts, terms).toHaveLength(count);
      expect(
        parts.reduce((a, b) => a + b, 0n),
        terms,
      ).toBe(budget);
      expect(
        parts.every((p) => p >= min && p <= most),
        terms,
      ).toBe(true);
      if (budget === BigInt(count) * min)
        expect(
          parts.every((p) => p === min),
          terms,
        ).toBe(true);
    }
    // One envelope takes the whole budget.
    expect(splitBudget(12_345n, 1, 100n)).toEqual([12_345n]);
    expect(splitBudget(1n, 1, 1n)).toEqual([1n]);
    // The upper bound is reached: with the largest draw, the first of two takes all the spare.
    expect([...splitBudget(1_000n, 2, 10n, (n) => n - 1n)].sort((a, b) => Number(a - b))).toEqual([
      10n,
      990n,
    ]);
  });

  it('shuffles the envelopes: the one that took the rest is in any place, not always the last', () => {
    // The draws of the amounts all give the minimum (the last envelope then takes 970); the shuffle's draws
    // are the CSPRNG's. Over 400 splits each of the four places holds the 970 about 100 times.
    const places = [0, 0, 0, 0];
    for (let k = 0; k < 400; k++) {
      let amountDraws = 3;
      const parts = splitBudget(1_000n, 4, 10n, (n) => (amountDraws-- > 0 ? 0n : randomBelow(n)));
      expect([...parts].sort((a, b) => Number(a - b))).toEqual([10n, 10n, 10n, 970n]);
      places[parts.indexOf(970n)]! += 1;
    }
    for (const p of places) expect(p, places.join(' ')).toBeGreaterThan(50);
  });

  it('spreads amounts around the mean (not all in one envelope)', () => {
    const parts = splitBudget(1_000_000n, 1_000, 1n);
    const mean = 1_000n;
    const near = parts.filter((p) => p > mean / 4n && p < mean * 3n).length;
    expect(near).toBeGreaterThan(600);
  });

  it('draws uniformly below the bound from the CSPRNG', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 3_000; i++) counts[Number(randomBelow(3n))]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    expect(randomBelow(1n)).toBe(0n);
    // A bound of 0 or below is refused by its own check (0n alone would also throw, dividing by zero).
    expect(() => randomBelow(0n)).toThrow(NO_BOUND);
    expect(() => randomBelow(-3n)).toThrow(NO_BOUND);
  });

  it('draws the CSPRNG 4 KiB at a time: every 8 bytes used before the next refill, none for a bound of 1', () => {
    const sizes: number[] = [];
    withBytes(
      (size) => {
        sizes.push(size);
        return realRandomBytes(size);
      },
      () => {
        drawUntilRefill(() => sizes.length);
        // The refilled pool has 511 words left: 511 draws take them all, and a bound of 1 draws nothing.
        for (let i = 0; i < 511; i++) {
          randomBelow(2n);
          expect(randomBelow(1n)).toBe(0n);
        }
        expect(sizes).toEqual([4096]);
        randomBelow(2n);
        expect(sizes).toEqual([4096, 4096]);
      },
    );
  });

  it('throws away a draw at or above the largest multiple of the bound below 2^64 (no modulo bias), and draws again', () => {
    // 2^64 = 3 × 6148914691236517205 + 1: of the 2^64 words, only 2^64 − 1 itself is thrown away for a
    // bound of 3 (kept, it would make 0 a little more likely than 1 and 2).
    const top = (1n << 64n) - 1n;
    const pool = Buffer.alloc(4096);
    pool.writeBigUInt64BE(0n, 0); // taken by the draw that refills
    pool.writeBigUInt64BE(top, 8); // thrown away
    pool.writeBigUInt64BE(top - 1n, 16); // 2^64 − 2 ≡ 2 (mod 3): kept
    pool.writeBigUInt64BE(top, 24); // a bound of 2 divides 2^64: nothing is thrown away
    pool.writeBigUInt64BE(7n, 32);
    let refills = 0;
    withBytes(
      (size) => (++refills === 1 ? pool : realRandomBytes(size)),
      () => {
        drawUntilRefill(() => refills);
        expect(randomBelow(3n)).toBe(2n);
        expect(randomBelow(2n)).toBe(1n);
        expect(randomBelow(10n)).toBe(7n);
        expect(refills).toBe(1);
      },
    );
  });

  it('holds envelope n in shard n % shards, the shard sums adding up to the budget', () => {
    const amounts = [5n, 6n, 7n, 8n, 9n];
    const sums = shardSums(amounts, 3);
    // Envelopes are numbered from 1: n=1 → shard 1, n=2 → 2, n=3 → 0, n=4 → 1, n=5 → 2.
    expect(sums).toEqual([7n, 5n + 8n, 6n + 9n]);
    expect(shardOf(3, 3)).toBe(0);
  });
});
