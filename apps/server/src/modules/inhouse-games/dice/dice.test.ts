import { describe, expect, it } from 'vitest';
import { FairRng } from '../../fairness/fair-rng';
import { ScriptedStream, u32Bytes } from '../../fairness/scripted-stream';
import { inhouseGame } from '../registry';
import { simulate, Z_BOUND } from '../simulate';
import type { DiceBet } from './dice';
import { dice, DICE_OUTCOMES, DICE_RTP_BP } from './dice';

const AMOUNT = 1_000_000n;

/** Plays every one of the 10,000 rolls once and returns Σ payout ÷ Σ stake. */
function exactRtp(bet: DiceBet): number {
  let paid = 0n;
  for (let roll = 0; roll < DICE_OUTCOMES; roll += 1) {
    paid += dice.play(new FairRng(new ScriptedStream([u32Bytes(roll)])), bet).payout;
  }
  return Number(paid) / Number(bet.amount * BigInt(DICE_OUTCOMES));
}

describe('dice', () => {
  it('exact RTP over all 10,000 rolls is the stated 99.00 % for targets across the range, under and over', () => {
    for (const target of [100, 101, 2_500, 4_950, 5_000, 7_777, 9_800]) {
      expect(
        Math.abs(exactRtp({ amount: AMOUNT, target, direction: 'under' }) - DICE_RTP_BP / 10_000),
      ).toBeLessThan(1e-6);
    }
    for (const target of [199, 2_500, 5_000, 9_899]) {
      expect(
        Math.abs(exactRtp({ amount: AMOUNT, target, direction: 'over' }) - DICE_RTP_BP / 10_000),
      ).toBeLessThan(1e-6);
    }
  });

  it('pays (1 − edge) ÷ p: under 50.00 pays 1.98×, under 1.00 pays 99×, over 97.99 (2 %) pays 49.5×', () => {
    const play = (roll: number, bet: DiceBet) =>
      dice.play(new FairRng(new ScriptedStream([u32Bytes(roll)])), bet);
    expect(play(4_999, { amount: 100n, target: 5_000, direction: 'under' })).toMatchObject({
      payout: 198n,
      multiplier: 1.98,
    });
    expect(play(5_000, { amount: 100n, target: 5_000, direction: 'under' }).payout).toBe(0n);
    expect(play(99, { amount: 100n, target: 100, direction: 'under' }).payout).toBe(9_900n);
    expect(play(9_999, { amount: 100n, target: 9_799, direction: 'over' }).payout).toBe(4_950n);
    expect(play(9_799, { amount: 100n, target: 9_799, direction: 'over' }).payout).toBe(0n);
  });

  it('validates bets with error codes', () => {
    expect(dice.parseBet({ amount: '100', target: 5000, direction: 'under' })).toEqual({
      ok: true,
      bet: { amount: 100n, target: 5000, direction: 'under' },
    });
    expect(dice.parseBet(null)).toEqual({ ok: false, code: 'inhouse.bet.invalid' });
    expect(dice.parseBet({ amount: 1.5, target: 5000, direction: 'under' })).toEqual({
      ok: false,
      code: 'inhouse.bet.amountInvalid',
    });
    expect(dice.parseBet({ amount: 0n, target: 5000, direction: 'under' })).toEqual({
      ok: false,
      code: 'inhouse.bet.amountTooLow',
    });
    expect(dice.parseBet({ amount: 10n ** 12n, target: 5000, direction: 'under' })).toEqual({
      ok: false,
      code: 'inhouse.bet.amountTooHigh',
    });
    expect(dice.parseBet({ amount: 1n, target: 99, direction: 'under' })).toEqual({
      ok: false,
      code: 'inhouse.bet.targetInvalid',
    });
    expect(dice.parseBet({ amount: 1n, target: 9801, direction: 'under' })).toEqual({
      ok: false,
      code: 'inhouse.bet.targetInvalid',
    });
    expect(dice.parseBet({ amount: 1n, target: 50.5, direction: 'under' })).toEqual({
      ok: false,
      code: 'inhouse.bet.targetInvalid',
    });
    expect(dice.parseBet({ amount: 1n, target: 5000, direction: 'up' })).toEqual({
      ok: false,
      code: 'inhouse.bet.directionInvalid',
    });
  });

  it('1,000,000 simulated rounds measure the stated RTP within 4.5 standard errors', () => {
    const r = simulate(inhouseGame('dice')!, 1_000_000, 'test');
    expect(r.rounds).toBe(1_000_000);
    expect(r.z).toBeLessThan(Z_BOUND);
  });
});
