import { describe, expect, it } from 'vitest';
import { betBody, defaultFields, diceChance, isAmount } from './bets';

describe('in-house bet rules', () => {
  it('dice chance follows the target and direction', () => {
    expect(diceChance(5000, 'under')).toBe(50);
    expect(diceChance(9000, 'over')).toBeCloseTo(9.99);
  });

  it('amounts are positive decimals with at most 2 places', () => {
    expect(['1', '0.50', '125.5'].every(isAmount)).toBe(true);
    expect(['0', '1.005', '-1', 'abc', '', '01'].some(isAmount)).toBe(false);
  });

  it('a bet needs an amount', () => {
    expect(betBody('dice', '2.00', defaultFields('dice'))).toEqual({
      ok: true,
      body: { amount: '2.00', target: 5000, direction: 'under' },
    });
    expect(betBody('dice', '0', defaultFields('dice'))).toEqual({ ok: false, reason: 'amount' });
  });
});
