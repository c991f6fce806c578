import { describe, expect, it } from 'vitest';
import { payout } from '../test-helpers';

// Stake 1,000 minor (10.00) unless a row says otherwise; -1n = lost. Odds are the defaults:
// number 9, green/red 2 (1.5 when the digit is also violet), violet 4.5, big/small 1.96.
describe('Wingo settlement (hand-checked)', () => {
  it.each([
    ['WINGO1', '7', 'number', '7', 9_000n],
    ['WINGO1', '7', 'number', '3', -1n],
    ['WINGO1', '7', 'colour', 'green', 2_000n],
    ['WINGO1', '7', 'colour', 'red', -1n],
    ['WINGO1', '7', 'colour', 'violet', -1n],
    ['WINGO3', '2', 'colour', 'red', 2_000n],
    ['WINGO3', '5', 'colour', 'green', 1_500n],
    ['WINGO3', '5', 'colour', 'violet', 4_500n],
    ['WINGO5', '0', 'colour', 'red', 1_500n],
    ['WINGO5', '0', 'colour', 'violet', 4_500n],
    ['WINGO5', '0', 'colour', 'green', -1n],
    ['WINGO1', '5', 'size', 'big', 1_960n],
    ['WINGO1', '4', 'size', 'small', 1_960n],
    ['WINGO1', '4', 'size', 'big', -1n],
  ])('%s result %s: %s %s pays %d', (game, result, type, sel, expected) => {
    expect(payout(game, result, type, sel)).toBe(expected);
  });

  it('units multiply the stake: 3 units of 10.00 on number 7 pay 3 × 1,000 × 9', () => {
    expect(payout('WINGO1', '7', 'number', '7', 1_000n, 3)).toBe(27_000n);
  });

  it('floors to the minor unit: 333 on a half-pay colour pays 499 (499.5 rounded down)', () => {
    expect(payout('WINGO1', '5', 'colour', 'green', 333n)).toBe(499n);
  });
});
