import { describe, expect, it } from 'vitest';
import { betBody, defaultFields, diceChance, isAmount, togglePick } from './bets';

describe('in-house bet rules', () => {
  it('dice chance follows the target and direction', () => {
    expect(diceChance(5000, 'under')).toBe(50);
    expect(diceChance(9000, 'over')).toBeCloseTo(9.99);
  });

  it('amounts are positive decimals with at most 2 places', () => {
    expect(['1', '0.50', '125.5'].every(isAmount)).toBe(true);
    expect(['0', '1.005', '-1', 'abc', '', '01'].some(isAmount)).toBe(false);
  });

  it('a bet needs an amount, and mines at least one pick', () => {
    expect(betBody('dice', '2.00', defaultFields('dice'))).toEqual({
      ok: true,
      body: { amount: '2.00', target: 5000, direction: 'under' },
    });
    expect(betBody('dice', '0', defaultFields('dice'))).toEqual({ ok: false, reason: 'amount' });
    expect(betBody('mines', '1.00', defaultFields('mines'))).toEqual({ ok: false, reason: 'picks' });
  });

  it('mines picks toggle, and never more than the safe tiles', () => {
    expect(togglePick([1, 2], 2, 3)).toEqual([1]);
    expect(togglePick([1], 7, 3)).toEqual([1, 7]);
    const full = Array.from({ length: 22 }, (_, i) => i);
    expect(togglePick(full, 23, 3)).toEqual(full);
  });
});
