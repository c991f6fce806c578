import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawResult } from './draw';
import type { LotteryResult } from './types';

/**
 * Chi-square goodness of fit on the real draw function, 250,000 periods per game (LOTTERY_CHI_DRAWS sets
 * another count: 1,000,000 took 89 s of the suite's CPU on 2 cores. At 250,000 a Win Go digit 3 % off its
 * share fails at 99 % about nine times in ten (non-centrality ≈ 25); 1,000,000 catches 1.5 %). Seeds and numeros are fixed, so a pass is reproducible rather than
 * lucky.
 * Critical values are the 99th percentiles of χ² (scipy.stats.chi2.ppf(0.99, df)):
 *   df 9 → 21.666, df 44 → 68.710, df 45 → 69.957, df 99 → 134.642, df 215 → 266.159.
 */
const N = Number(process.env.LOTTERY_CHI_DRAWS ?? 250_000);
const TIMEOUT = 60_000;

function draws(gameCode: string, each: (r: LotteryResult) => void): void {
  const seed = createHash('sha256').update(`chi-square:${gameCode}`).digest('hex');
  for (let i = 0; i < N; i++) each(drawResult(seed, gameCode, String(i).padStart(12, '0')));
}

/** Σ (observed − expected)² / expected. */
function chiSquare(observed: readonly number[], expected: number): number {
  return observed.reduce((acc, o) => acc + (o - expected) ** 2 / expected, 0);
}

describe('draw distributions (χ² at 99 %)', { timeout: 120_000 }, () => {
  it.each(['WINGO1', 'WINGO3', 'WINGO5'])(
    '%s: the digit is uniform over 0–9 (10 cells, df 9, critical 21.666)',
    (code) => {
      const counts = new Array<number>(10).fill(0);
      draws(code, (r) => r.kind === 'wingo' && counts[r.digit]!++);
      expect(chiSquare(counts, N / 10)).toBeLessThan(21.666);
    },
    TIMEOUT,
  );

  it(
    '5D: each of the five positions is uniform over 0–9 (sum of 5 independent df-9 statistics: df 45, critical 69.957)',
    () => {
      const counts = Array.from({ length: 5 }, () => new Array<number>(10).fill(0));
      draws('5D', (r) => r.kind === 'd5' && r.digits.forEach((d, i) => counts[i]![d]!++));
      const stat = counts.reduce((acc, c) => acc + chiSquare(c, N / 10), 0);
      expect(stat).toBeLessThan(69.957);
    },
    TIMEOUT,
  );

  it(
    'K3: the 216 ordered outcomes of three dice are equally likely (df 215, critical 266.159)',
    () => {
      const counts = new Array<number>(216).fill(0);
      draws(
        'K3',
        (r) => r.kind === 'k3' && counts[(r.dice[0]! - 1) * 36 + (r.dice[1]! - 1) * 6 + r.dice[2]! - 1]!++,
      );
      expect(chiSquare(counts, N / 216)).toBeLessThan(266.159);
    },
    TIMEOUT,
  );

  it(
    'VNLOTTO: the last two digits of all 27 prize numbers are uniform over 00–99 (27·N samples, df 99, critical 134.642), and so is the first digit (df 9, critical 21.666)',
    () => {
      const lastTwo = new Array<number>(100).fill(0);
      const first = new Array<number>(10).fill(0);
      draws('VNLOTTO', (r) => {
        if (r.kind !== 'vnlotto') return;
        for (const group of r.prizes)
          for (const num of group) {
            const n = num.length;
            lastTwo[(num.charCodeAt(n - 2) - 48) * 10 + num.charCodeAt(n - 1) - 48]!++;
            first[num.charCodeAt(0) - 48]!++;
          }
      });
      expect(chiSquare(lastTwo, (27 * N) / 100)).toBeLessThan(134.642);
      expect(chiSquare(first, (27 * N) / 10)).toBeLessThan(21.666);
    },
    TIMEOUT,
  );

  it(
    'JACKPOT645: every ball 1–45 is drawn equally often (df 44, critical 68.710, corrected for drawing 6 without replacement)',
    () => {
      const counts = new Array<number>(46).fill(0);
      draws('JACKPOT645', (r) => r.kind === 'pick6' && r.numbers.forEach((n) => counts[n]!++));
      // Six distinct balls per draw make the counts less spread than a multinomial's: each cell's
      // variance is N·p·(1 − p) with p = 6/45, not N·p. Scaling Σ(O − E)²/E by (n − 1)/(n − k) = 44/39
      // restores the expectation of a df-44 χ² statistic.
      const stat = (chiSquare(counts.slice(1), (6 * N) / 45) * 44) / 39;
      expect(stat).toBeLessThan(68.71);
    },
    TIMEOUT,
  );
});
