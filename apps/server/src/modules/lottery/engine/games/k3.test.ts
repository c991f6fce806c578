import { describe, expect, it } from 'vitest';
import { payout } from '../test-helpers';

// Stake 1,000. Defaults are 216/ways × 0.96: even money 1.96, any triple 34.56, a triple 207.36,
// a pair (exactly two) 13.824, three different 34.56, two different 6.912.
describe('K3 settlement (hand-checked)', () => {
  it.each([
    // Sum 13: 21 ways → 216 × 0.96 / 21 = 9.87428… → 98742 scaled → 9,874.
    ['256', 'sum', '13', 9_874n],
    // Sum 10: 27 ways → 216 × 0.96 / 27 = 7.68 → 7,680.
    ['136', 'sum', '10', 7_680n],
    ['256', 'sum', '12', -1n],
    ['256', 'sumSize', 'big', 1_960n],
    ['136', 'sumSize', 'small', 1_960n],
    ['256', 'sumSize', 'small', -1n],
    ['256', 'sumParity', 'odd', 1_960n],
    ['136', 'sumParity', 'even', 1_960n],
    ['444', 'tripleAny', 'any', 34_560n],
    ['256', 'tripleAny', 'any', -1n],
    ['444', 'triple', '444', 207_360n],
    ['444', 'triple', '555', -1n],
    ['353', 'pair', '33', 13_824n],
    ['333', 'pair', '33', -1n],
    ['353', 'pair', '55', -1n],
    ['256', 'threeDifferent', '652', 34_560n],
    ['256', 'threeDifferent', '123', -1n],
    ['225', 'threeDifferent', '125', -1n],
    ['256', 'twoDifferent', '25', 6_912n],
    ['256', 'twoDifferent', '62', 6_912n],
    ['256', 'twoDifferent', '56', 6_912n],
    ['256', 'twoDifferent', '12', -1n],
    ['225', 'twoDifferent', '52', 6_912n],
    ['222', 'twoDifferent', '12', -1n],
  ])('%s: %s %s pays %d', (result, type, sel, expected) => {
    expect(payout('K3', result, type, sel)).toBe(expected);
  });

  it('sum 3 and 18 are one way each: 1,000 pays 207,360', () => {
    expect(payout('K3', '111', 'sum', '3')).toBe(207_360n);
    expect(payout('K3', '666', 'sum', '18')).toBe(207_360n);
  });
});
