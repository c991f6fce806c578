import { describe, expect, it } from 'vitest';
import { randomBelow, shardOf, shardSums, splitBudget } from './rain-maths';

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

  it('refuses a budget below count × minimum', () => {
    expect(() => splitBudget(99n, 100, 1n)).toThrow();
    expect(() => splitBudget(100n, 0, 1n)).toThrow();
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
    expect(() => randomBelow(0n)).toThrow();
  });

  it('holds envelope n in shard n % shards, the shard sums adding up to the budget', () => {
    const amounts = [5n, 6n, 7n, 8n, 9n];
    const sums = shardSums(amounts, 3);
    // Envelopes are numbered from 1: n=1 → shard 1, n=2 → 2, n=3 → 0, n=4 → 1, n=5 → 2.
    expect(sums).toEqual([7n, 5n + 8n, 6n + 9n]);
    expect(shardOf(3, 3)).toBe(0);
  });
});
