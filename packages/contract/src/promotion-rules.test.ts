import { describe, expect, it } from 'vitest';
import {
  CLAIM_STATUSES,
  depositBonus,
  missionPercent,
  periodKey,
  periodRange,
  previousDay,
  rebateClaimable,
  rebateOf,
  rebateRateAt,
  streakReward,
} from './promotion-rules';

describe('promotion rules', () => {
  it('PROMO-007 the activity claim statuses are applying, rejected, issued, claimed, signed, coming and close', () => {
    expect([...CLAIM_STATUSES].sort()).toEqual(
      ['applying', 'rejected', 'issued', 'claimed', 'signed', 'coming', 'close'].sort(),
    );
  });

  it('a claim’s period: once, the day, the ISO week, the month', () => {
    expect(periodKey('once', '2026-11-27')).toBe('once');
    expect(periodKey('daily', '2026-11-27')).toBe('2026-11-27');
    expect(periodKey('monthly', '2026-11-27')).toBe('2026-11');
    expect(periodKey('weekly', '2026-11-27')).toBe('2026-W48');
    // Monday and Sunday of one week share it; ISO years at the turn of the year.
    expect(periodKey('weekly', '2026-11-23')).toBe('2026-W48');
    expect(periodKey('weekly', '2026-11-29')).toBe('2026-W48');
    expect(periodKey('weekly', '2026-11-30')).toBe('2026-W49');
    expect(periodKey('weekly', '2027-01-01')).toBe('2026-W53');
    expect(periodKey('weekly', '2024-12-30')).toBe('2025-W01');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });

  it('a check-in pays the amount of its streak day, the last one past the table', () => {
    const amounts = [100n, 200n, 500n];
    expect([1, 2, 3, 4, 10].map((n) => streakReward(amounts, n))).toEqual([100n, 200n, 500n, 500n, 500n]);
    expect(streakReward(amounts, 0)).toBe(0n);
    expect(streakReward([], 3)).toBe(0n);
  });

  it('a rebate rate is the VIP level’s, a level past the table the last one, none without a table', () => {
    expect([0, 1, 2, 5].map((l) => rebateRateAt([50, 80, 100], l))).toEqual([50, 80, 100, 100]);
    expect(rebateRateAt(undefined, 2)).toBe(0);
    expect(rebateRateAt([], 0)).toBe(0);
  });

  it('a rebate is the turnover times the rate, rounded down; nothing on no turnover or rate', () => {
    expect(rebateOf(123_456n, 80)).toBe(987n); // ₱1,234.56 × 0.80 % = ₱9.87648
    expect(rebateOf(-5_000n, 80)).toBe(0n);
    expect(rebateOf(5_000n, 0)).toBe(0n);
  });

  it('a rebate claim pays up to the day’s maximum less what was taken, nothing under the minimum', () => {
    expect(rebateClaimable(1_000n, 0n, 100n, 50_000n)).toBe(1_000n);
    expect(rebateClaimable(1_000n, 49_500n, 100n, 50_000n)).toBe(500n);
    expect(rebateClaimable(1_000n, 49_950n, 100n, 50_000n)).toBe(0n);
    expect(rebateClaimable(99n, 0n, 100n, 50_000n)).toBe(0n);
    expect(rebateClaimable(0n, 0n, 0n, 50_000n)).toBe(0n);
  });

  it('a period’s first and last day: the day, its ISO week Monday to Sunday, its month', () => {
    expect(periodRange('daily', '2026-06-03')).toEqual({ from: '2026-06-03', to: '2026-06-03' });
    expect(periodRange('weekly', '2026-06-03')).toEqual({ from: '2026-06-01', to: '2026-06-07' });
    expect(periodRange('weekly', '2026-06-07')).toEqual({ from: '2026-06-01', to: '2026-06-07' });
    expect(periodRange('weekly', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(periodRange('monthly', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('a mission’s progress in whole percent, capped at 100', () => {
    expect(missionPercent(0n, 100_000n)).toBe(0);
    expect(missionPercent(33_333n, 100_000n)).toBe(33);
    expect(missionPercent(250_000n, 100_000n)).toBe(100);
    expect(missionPercent(5n, 0n)).toBe(100);
  });
});

describe('deposit bonus by percent or by a tier table', () => {
  const percent = { percentBp: 300, max: 200_000n, minDeposit: 10_000n };
  it('a percent of the deposit, rounded down, capped, nothing below the minimum', () => {
    expect(depositBonus(9_999n, percent)).toBe(0n);
    expect(depositBonus(33_333n, percent)).toBe(999n);
    expect(depositBonus(100_000_000n, percent)).toBe(200_000n);
  });
  it('a tier table: the amount of the highest tier reached (in any order), still at most max', () => {
    const tiers = {
      percentBp: 0,
      max: 40_000n,
      minDeposit: 50_000n,
      tiers: [
        { from: 200_000n, amount: 30_000n },
        { from: 50_000n, amount: 5_000n },
        { from: 1_000_000n, amount: 150_000n },
      ],
    };
    expect(depositBonus(49_999n, tiers)).toBe(0n);
    expect(depositBonus(50_000n, tiers)).toBe(5_000n);
    expect(depositBonus(199_999n, tiers)).toBe(5_000n);
    expect(depositBonus(200_000n, tiers)).toBe(30_000n);
    expect(depositBonus(5_000_000n, tiers)).toBe(40_000n);
  });
});
