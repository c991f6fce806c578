import { describe, expect, it } from 'vitest';
import { FairRng } from '../fairness/fair-rng';
import { replay } from './replay';
import { HmacStream } from '../fairness/streams';
import { INHOUSE_GAMES } from './registry';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('round replay for the verification page', () => {
  it('pins a known-answer dice round: nonce 1 rolls 18.02 and pays 1.98× on under 50.00', () => {
    const r = replay(SEED, 'panalo', 1, 'dice', { amount: '10000', target: 5000, direction: 'under' });
    expect(r).toEqual({
      ok: true,
      round: { outcome: { roll: 1802, win: true }, payout: 19_800n, multiplier: 1.98 },
      blocksUsed: 1,
    });
  });

  it('pins a known-answer baccarat coup (nonce 2: player 4-Q-Q 4, banker 4-8-A 3, player wins)', () => {
    const r = replay(SEED, 'panalo', 2, 'baccarat', { amount: '10000', side: 'player' });
    expect(r.ok && r.round.outcome).toMatchObject({ playerTotal: 4, bankerTotal: 3, result: 'player' });
    expect(r.ok && r.round.payout).toBe(20_000n);
  });

  it('every game replays to exactly the round play() produced from the same seeds and nonce', () => {
    for (const game of INHOUSE_GAMES) {
      for (let nonce = 0; nonce < 25; nonce += 1) {
        const live = game.play(new FairRng(new HmacStream(SEED, 'client', nonce)), game.simBet);
        const again = replay(SEED, 'client', nonce, game.id, game.simBet);
        expect(again.ok && again.round).toEqual(live);
      }
    }
  });

  it('another nonce or client seed gives an independent round', () => {
    const bet = { amount: '100', target: 5000, direction: 'under' };
    const rolls = new Set<unknown>();
    for (let nonce = 0; nonce < 10; nonce += 1) {
      const r = replay(SEED, 'client', nonce, 'dice', bet);
      rolls.add(r.ok && r.round.outcome);
    }
    expect(rolls.size).toBeGreaterThan(1);
  });

  it('refuses bad seeds, nonces, unknown games and invalid bets with their codes', () => {
    const bet = { amount: '100', target: 5000, direction: 'under' };
    expect(replay('nope', 'c', 0, 'dice', bet)).toEqual({ ok: false, code: 'fairness.seedInvalid' });
    expect(replay(SEED, 'a:b', 0, 'dice', bet)).toEqual({ ok: false, code: 'fairness.seedInvalid' });
    expect(replay(SEED, 'c', -1, 'dice', bet)).toEqual({ ok: false, code: 'fairness.nonceInvalid' });
    expect(replay(SEED, 'c', 0, 'roulette', bet)).toEqual({ ok: false, code: 'inhouse.game.unknown' });
    expect(replay(SEED, 'c', 0, 'dice', { ...bet, direction: 'sideways' })).toEqual({
      ok: false,
      code: 'inhouse.bet.directionInvalid',
    });
  });
});
