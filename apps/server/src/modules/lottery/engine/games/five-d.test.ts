import { describe, expect, it } from 'vitest';
import { payout } from '../test-helpers';
import { D5_SUM_WAYS } from './five-d';

// Result 38105: A=3 B=8 C=1 D=0 E=5, sum 17. Stake 1,000. Position 9.8, even-money 1.96.
describe('5D settlement (hand-checked)', () => {
  it.each([
    ['position', 'B:8', 9_800n],
    ['position', 'B:3', -1n],
    ['position', 'D:0', 9_800n],
    ['positionSize', 'B:big', 1_960n],
    ['positionSize', 'E:big', 1_960n],
    ['positionSize', 'C:big', -1n],
    ['positionSize', 'C:small', 1_960n],
    ['positionParity', 'A:odd', 1_960n],
    ['positionParity', 'D:even', 1_960n],
    ['positionParity', 'C:even', -1n],
    // Sum 17 happens in C(21,4) − 5·C(11,4) = 5985 − 1650 = 4335 of 100,000 outcomes; odds at 95 %:
    // 100,000 × 0.95 / 4335 = 21.9146… → 219146 scaled; 1,000 × 219146 / 10,000 = 21,914 (floored).
    ['sum', '17', 21_914n],
    ['sum', '18', -1n],
    ['sumSize', 'small', 1_960n],
    ['sumSize', 'big', -1n],
    ['sumParity', 'odd', 1_960n],
    ['sumParity', 'even', -1n],
  ])('38105: %s %s pays %d', (type, sel, expected) => {
    expect(payout('5D', '38105', type, sel)).toBe(expected);
  });

  it('sum 0 has one way in 100,000: 1,000 pays 95,000,000 (odds 95,000)', () => {
    expect(payout('5D', '00000', 'sum', '0')).toBe(95_000_000n);
  });

  it('sum 23 is big and the first big sum', () => {
    expect(payout('5D', '99500', 'sumSize', 'big')).toBe(1_960n);
    expect(payout('5D', '99400', 'sumSize', 'small')).toBe(1_960n);
  });

  it('the sum table covers all 100,000 outcomes and is symmetric', () => {
    expect(D5_SUM_WAYS.reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(D5_SUM_WAYS[17]).toBe(4335);
    expect(D5_SUM_WAYS[28]).toBe(4335);
  });
});
