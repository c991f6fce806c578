import { describe, expect, it } from 'vitest';
import { CONTRACT_DEFAULTS, contractSettings, payoutOf, settleDelayMs } from './settlement-maths';

// Issue 17 items 3 and 4: what one contract pays for one period's figures, and the merchant's settings.

const tiers = [
  { turnover: 1_000_000n, active: 3, rate: 50 },
  { turnover: 5_000_000n, active: 10, rate: 100 },
];
const none = { carryIn: 0n, carryOver: false };

describe('contract payout', () => {
  it('a salary pays the reached tier’s rate of the turnover, rounded down, at most the cap', () => {
    expect(
      payoutOf('daily_salary', { tiers, cap: null }, { turnover: 1_000_001n, active: 4, netLoss: 0n }, none),
    ).toEqual({
      tier: 1,
      rate: 50,
      amount: 5_000n, // 5,000.005 rounded down
      capped: false,
      carryOut: 0n,
    });
    // Strictly above the tier's figures, the first match from the top.
    expect(
      payoutOf('daily_salary', { tiers, cap: null }, { turnover: 1_000_000n, active: 4, netLoss: 0n }, none)
        .tier,
    ).toBeNull();
    expect(
      payoutOf('hourly_salary', { tiers, cap: null }, { turnover: 9_000_000n, active: 10, netLoss: 0n }, none)
        .rate,
    ).toBe(50);
    expect(
      payoutOf(
        'hourly_salary',
        { tiers, cap: 60_000n },
        { turnover: 9_000_000n, active: 11, netLoss: 0n },
        none,
      ),
    ).toMatchObject({
      tier: 2,
      amount: 60_000n,
      capped: true,
    });
    // No tier: nothing, however large the turnover.
    expect(
      payoutOf('daily_salary', { tiers, cap: null }, { turnover: 9_000_000n, active: 0, netLoss: 0n }, none)
        .amount,
    ).toBe(0n);
  });

  it('a dividend pays the rate of the team’s net loss, nothing when the team won; carry-over is the merchant’s choice', () => {
    const f = { turnover: 2_000_000n, active: 5, netLoss: 300_001n };
    expect(payoutOf('dividend', { tiers, cap: null }, f, none)).toMatchObject({
      tier: 1,
      amount: 1_500n,
      carryOut: 0n,
    });
    const won = { ...f, netLoss: -200_000n };
    expect(payoutOf('dividend', { tiers, cap: null }, won, none)).toMatchObject({ amount: 0n, carryOut: 0n });
    // With carry-over, the period the team won is taken off the next period's loss.
    const carried = payoutOf('dividend', { tiers, cap: null }, won, { carryIn: 0n, carryOver: true });
    expect(carried).toMatchObject({ amount: 0n, carryOut: -200_000n });
    expect(
      payoutOf('dividend', { tiers, cap: null }, f, { carryIn: -200_000n, carryOver: true }),
    ).toMatchObject({
      amount: 500n, // 0.5 % of 100,001
      carryOut: 0n,
    });
    expect(
      payoutOf('dividend', { tiers, cap: null }, f, { carryIn: -400_000n, carryOver: true }),
    ).toMatchObject({
      amount: 0n,
      carryOut: -99_999n,
    });
  });

  it('the merchant’s contract settings default where absent or malformed', () => {
    expect(contractSettings(null)).toEqual(CONTRACT_DEFAULTS);
    expect(
      contractSettings({
        contracts: {
          payer: { dividend: 'upline', daily_salary: 'someone' },
          activeBets: '5000',
          activeDeposit: 'x',
          dividendCadence: 'weekly',
          dividendCarryOver: true,
          cutoffMinutes: 99_999,
        },
      }),
    ).toEqual({
      ...CONTRACT_DEFAULTS,
      payer: { daily_salary: 'platform', hourly_salary: 'platform', dividend: 'upline' },
      activeBets: 5_000n,
      dividendCadence: 'weekly',
      dividendCarryOver: true,
    });
    expect(settleDelayMs('hourly_salary', CONTRACT_DEFAULTS)).toBe(10 * 60_000);
    expect(settleDelayMs('dividend', CONTRACT_DEFAULTS)).toBe(4 * 3_600_000);
  });
});
