import { describe, expect, it } from 'vitest';
import { inhouseGame } from '../registry';
import { simulate, Z_BOUND } from '../simulate';
import type { BaccaratSide } from './baccarat';
import { baccarat, BACCARAT_EXACT_RTP, BACCARAT_RTP_BP, BACCARAT_SIDES, baccaratPays } from './baccarat';
import type { BaccaratResult } from './baccarat-rules';
import { bankerDraws, cardValue, dealCoup } from './baccarat-rules';

class NeedCard extends Error {}

/**
 * Exact result probabilities of one coup from a full 8-deck shoe: walks every sequence of card values the
 * tableau can ask for (drawing without replacement), running the same dealCoup that play() uses.
 */
function enumerateShoe(): Record<BaccaratResult, number> {
  const remaining = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32]; // value 0 = tens and court cards
  const total = 416;
  const out: Record<BaccaratResult, number> = { player: 0, banker: 0, tie: 0 };
  const prefix: number[] = [];
  const walk = (p: number): void => {
    let i = 0;
    try {
      const coup = dealCoup(() => {
        if (i >= prefix.length) throw new NeedCard();
        return prefix[i++]!;
      });
      out[coup.result] += p;
    } catch (e) {
      if (!(e instanceof NeedCard)) throw e;
      const left = total - prefix.length;
      for (let v = 0; v < 10; v += 1) {
        if (remaining[v] === 0) continue;
        const q = remaining[v]! / left;
        remaining[v]! -= 1;
        prefix.push(v);
        walk(p * q);
        prefix.pop();
        remaining[v]! += 1;
      }
    }
  };
  walk(1);
  return out;
}

describe('baccarat', () => {
  it('exact enumeration of the 8-deck shoe gives the textbook odds and the stated RTP of each bet (to 0.5 bp)', () => {
    const p = enumerateShoe();
    expect(p.banker).toBeCloseTo(0.458597, 6);
    expect(p.player).toBeCloseTo(0.446247, 6);
    expect(p.tie).toBeCloseTo(0.095156, 6);
    for (const side of BACCARAT_SIDES) {
      const rtp = (['player', 'banker', 'tie'] as const).reduce(
        (s, r) => s + (p[r] * baccaratPays(side, r)) / 100,
        0,
      );
      expect(Math.abs(rtp - BACCARAT_RTP_BP[side] / 10_000)).toBeLessThan(5e-5);
      expect(Math.abs(rtp - BACCARAT_EXACT_RTP[side])).toBeLessThan(1e-9);
    }
  });

  it('follows the third-card tableau', () => {
    // Player stood (no third card): banker draws on 0–5.
    expect([0, 5, 6, 7].map((b) => bankerDraws(b, null))).toEqual([true, true, false, false]);
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect([1, 2, 7, 8].map((x) => bankerDraws(4, x))).toEqual([false, true, true, false]);
    expect([3, 4, 7, 8].map((x) => bankerDraws(5, x))).toEqual([false, true, true, false]);
    expect([5, 6, 7, 8].map((x) => bankerDraws(6, x))).toEqual([false, true, true, false]);
    expect(bankerDraws(7, 0)).toBe(false);
    const deal = (cards: number[]) => {
      let i = 0;
      return dealCoup(() => cards[i++]!);
    };
    expect(deal([8, 0, 0, 5, 9, 9])).toMatchObject({ player: [8, 0], banker: [0, 5], result: 'player' });
    expect(deal([2, 3, 2, 0, 4, 1])).toMatchObject({
      player: [2, 2, 4],
      banker: [3, 0, 1],
      playerTotal: 8,
      bankerTotal: 4,
    });
    expect(deal([3, 6, 3, 0, 2])).toMatchObject({ player: [3, 3], banker: [6, 0], result: 'tie' });
    expect(cardValue(1)).toBe(1);
    expect([10, 11, 12, 13].map(cardValue)).toEqual([0, 0, 0, 0]);
  });

  it('pays player 1:1, banker 1:1 less 5 % and tie 8:1, returning player and banker stakes on a tie', () => {
    const table: [BaccaratSide, BaccaratResult, number][] = [
      ['player', 'player', 200],
      ['player', 'tie', 100],
      ['banker', 'banker', 195],
      ['banker', 'player', 0],
      ['tie', 'tie', 900],
      ['tie', 'banker', 0],
    ];
    for (const [side, result, pays] of table) expect(baccaratPays(side, result)).toBe(pays);
    expect(baccarat.parseBet({ amount: '1', side: 'dragon' })).toEqual({
      ok: false,
      code: 'inhouse.bet.sideInvalid',
    });
  });

  it('1,000,000 simulated banker bets measure the stated RTP within 4.5 standard errors', () => {
    const r = simulate(inhouseGame('baccarat')!, 1_000_000, 'test');
    expect(r.rounds).toBe(1_000_000);
    expect(r.z).toBeLessThan(Z_BOUND);
  });
});
