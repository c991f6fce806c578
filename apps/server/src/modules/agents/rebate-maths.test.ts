import { describe, expect, it } from 'vitest';
import { agentRateRange, formatRate, operatorRateRange, parseRate } from '@panalo/contract/rebate';
import { mulberry32 } from '../../lib/mulberry32';
import { differentialRebates, reversalOf, type ChainLink } from './rebate-maths';

const chain = (...rates: number[]): ChainLink[] =>
  rates.map((rateBp, i) => ({ memberId: BigInt(i + 1), rateBp }));

describe('differential rebate (issue 16 item 3)', () => {
  it('pays each of five levels its difference to the rate below it, the player its own rate when the merchant pays it', () => {
    // bettor 0.5 %, then agents 1.0, 1.8, 2.0, 2.6 %; turnover 1,000.00.
    const lines = differentialRebates(100_000n, chain(50, 100, 180, 200, 260), true);
    expect(lines.map((l) => [l.memberId, l.level, l.rateBp, l.amount])).toEqual([
      [1n, 0, 50, 500n],
      [2n, 1, 50, 500n],
      [3n, 2, 80, 800n],
      [4n, 3, 20, 200n],
      [5n, 4, 60, 600n],
    ]);
    // The total is turnover × the top agent's rate.
    expect(lines.reduce((s, l) => s + l.amount, 0n)).toBe(2_600n);
  });

  it('without player rebate the bettor gets nothing and its upline still earns only the difference', () => {
    const lines = differentialRebates(100_000n, chain(50, 100), false);
    expect(lines.map((l) => [l.memberId, l.amount])).toEqual([[2n, 500n]]);
  });

  it('an agent whose rate is not above the one below it (no gap left) earns nothing; the next one up earns from the highest below', () => {
    const lines = differentialRebates(100_000n, chain(100, 100, 80, 150), true);
    expect(lines.map((l) => [l.memberId, l.amount])).toEqual([
      [1n, 1000n],
      [4n, 500n],
    ]);
  });

  it('rounds every line down to a minor unit; nothing for no turnover', () => {
    // 3.33 at 0.10 % and 0.15 %: both under a centavo.
    expect(differentialRebates(333n, chain(10, 25), true)).toEqual([]);
    // 9.99: the player's 0.99 centavo is dropped, the agent's 1.49 becomes 1.
    expect(differentialRebates(999n, chain(10, 25), true).map((l) => [l.memberId, l.amount])).toEqual([
      [2n, 1n],
    ]);
    expect(differentialRebates(0n, chain(10, 25), true)).toEqual([]);
  });

  it('a reversal is the same lines negated', () => {
    const lines = differentialRebates(50_000n, chain(0, 120, 200), true);
    expect(reversalOf(lines).map((l) => l.amount)).toEqual(lines.map((l) => -l.amount));
  });

  it('property: over random paths that keep the rate rules, the total never exceeds turnover × the top agent’s rate', () => {
    const random = mulberry32(16);
    for (let run = 0; run < 2_000; run++) {
      const levels = 1 + Math.floor(random() * 8);
      const gap = Math.floor(random() * 30);
      // Built top down: each downline at most its agent's rate less the gap.
      const rates: number[] = [Math.floor(random() * 1_000)];
      for (let i = 1; i < levels; i++)
        rates.push(Math.max(0, Math.floor(random() * (rates[i - 1]! - gap + 1))));
      const path = chain(...rates.reverse());
      const turnover = BigInt(Math.floor(random() * 10_000_000));
      const total = differentialRebates(turnover, path, random() < 0.5).reduce((s, l) => s + l.amount, 0n);
      const top = BigInt(path.at(-1)!.rateBp);
      expect(total).toBeLessThanOrEqual((turnover * top) / 10_000n);
      expect(total).toBeGreaterThanOrEqual(0n);
    }
  });
});

describe('rebate rate rules (issue 16 item 2)', () => {
  it('parses and prints rates as percent with two decimals', () => {
    expect(parseRate('7.8')).toBe(780);
    expect(parseRate('0')).toBe(0);
    expect(parseRate('12.345')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(formatRate(780)).toBe('7.80');
    expect(formatRate(5)).toBe('0.05');
  });

  it('an agent may only raise a downline, up to its own rate less the gap', () => {
    expect(agentRateRange(200, 120, 10)).toEqual({ min: 120, max: 190 });
    expect(agentRateRange(200, 195, 10)).toBeNull();
  });

  it('an operator may lower a member, never below its highest child plus the gap', () => {
    expect(operatorRateRange(300, 150, 10)).toEqual({ min: 160, max: 300 });
    expect(operatorRateRange(300, null, 10)).toEqual({ min: 0, max: 300 });
    expect(operatorRateRange(150, 150, 10)).toBeNull();
  });
});
