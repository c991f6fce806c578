import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config';
import { jackpotCarry, jackpotPool, jackpotShare } from '../jackpot';
import { payout, settleText } from '../test-helpers';

const RESULT = '03,11,19,27,35,44';
const cfg = resolveConfig('JACKPOT645');

// Stake 1,000 per ticket: 3 matches 3×, 4 matches 30×, 5 matches 1000×, 6 share the jackpot.
describe('pick-6 jackpot settlement (hand-checked)', () => {
  it.each([
    ['03,11,19,27,35,45', 1_000_000n],
    ['44,35,27,19,1,2', 30_000n],
    ['3,11,19,40,41,42', 3_000n],
    ['03,11,20,40,41,42', -1n],
    ['01,02,04,05,06,07', -1n],
  ])('ticket %s pays %d', (ticket, expected) => {
    expect(payout('JACKPOT645', RESULT, 'pick6', ticket)).toBe(expected);
  });

  it('six matches share the jackpot by stake: 1,000 of 3,000 winning stake takes a third of 600,000,000', () => {
    const ctx = { poolMinor: 600_000_000n, winningStakeMinor: 3_000n };
    expect(settleText('JACKPOT645', RESULT, 'pick6', '44,35,27,19,11,3', 1_000n, 1, ctx)).toEqual({
      won: true,
      payoutMinor: 200_000_000n,
    });
    expect(() => settleText('JACKPOT645', RESULT, 'pick6', RESULT)).toThrow(/jackpot context/);
  });

  it('the pool adds 30 % of sales; a won jackpot restarts from the seed plus the rounding left over', () => {
    expect(jackpotPool(500_000_000n, 10_000_000n, cfg)).toBe(503_000_000n);
    // Three winners of 1,000 each share 1,000: 333 each, 999 paid, 1 left.
    const share = jackpotShare(1_000n, 1_000n, 3_000n);
    expect(share).toBe(333n);
    expect(jackpotCarry(1_000n, 3n * share, cfg)).toBe(500_000_001n);
    // Nobody won: the whole pool rolls over.
    expect(jackpotCarry(503_000_000n, 0n, cfg)).toBe(503_000_000n);
  });

  it('a merchant can change the contribution share', () => {
    const mine = resolveConfig('JACKPOT645', { jackpot: { contributionBps: 5_000 } });
    expect(jackpotPool(0n, 10_000n, mine)).toBe(5_000n);
    expect(mine.jackpot?.seedMinor).toBe(500_000_000n);
  });
});
