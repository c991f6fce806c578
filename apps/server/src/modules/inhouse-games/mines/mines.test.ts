import { describe, expect, it } from 'vitest';
import { FairRng } from '../../fairness/fair-rng';
import { CtrStream } from '../../fairness/streams';
import { inhouseGame } from '../registry';
import { simulate, Z_BOUND } from '../simulate';
import { mines, MINES_CELLS, MINES_RTP_BP, minesMultiplier } from './mines';

describe('mines', () => {
  it('exact RTP is the stated 99.00 % for every mine count and every number of safe picks (rational equality)', () => {
    for (let m = 1; m < MINES_CELLS; m += 1) {
      for (let k = 1; k <= MINES_CELLS - m; k += 1) {
        // P(k safe picks in a row) = Π (25 − m − i) / (25 − i), by drawing without replacement.
        let pNum = 1n;
        let pDen = 1n;
        for (let i = 0; i < k; i += 1) {
          pNum *= BigInt(MINES_CELLS - m - i);
          pDen *= BigInt(MINES_CELLS - i);
        }
        const { num, den } = minesMultiplier(m, k);
        expect(pNum * num * 10_000n).toBe(pDen * den * BigInt(MINES_RTP_BP));
      }
    }
  });

  it('shows 1.03× after one safe pick with 1 mine and 24.75× for the one safe cell with 24 mines', () => {
    const one = minesMultiplier(1, 1);
    expect(Number(one.num) / Number(one.den)).toBeCloseTo(1.03125, 10);
    const all = minesMultiplier(24, 1);
    expect(Number(all.num) / Number(all.den)).toBeCloseTo(24.75, 10);
  });

  it('a round loses at the first mine picked and reports where; otherwise pays for every pick', () => {
    const rng = () => new FairRng(new CtrStream('mines-board'));
    const board = mines.play(rng(), { amount: 100n, mines: 5, picks: [0] }).outcome.mineCells;
    expect(new Set(board).size).toBe(5);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((c) => !board.includes(c));
    const win = mines.play(rng(), { amount: 100_000n, mines: 5, picks: safe.slice(0, 3) });
    expect(win.outcome.hitAt).toBeNull();
    const { num, den } = minesMultiplier(5, 3);
    expect(win.payout).toBe((100_000n * num) / den);
    const loss = mines.play(rng(), { amount: 100n, mines: 5, picks: [safe[0]!, board[2]!, safe[1]!] });
    expect(loss).toMatchObject({ payout: 0n, outcome: { hitAt: 1 } });
  });

  it('validates mine counts and picks', () => {
    expect(mines.parseBet({ amount: '1', mines: 0, picks: [1] })).toEqual({
      ok: false,
      code: 'inhouse.bet.minesInvalid',
    });
    expect(mines.parseBet({ amount: '1', mines: 25, picks: [1] })).toEqual({
      ok: false,
      code: 'inhouse.bet.minesInvalid',
    });
    expect(mines.parseBet({ amount: '1', mines: 3, picks: [] })).toEqual({
      ok: false,
      code: 'inhouse.bet.picksInvalid',
    });
    expect(mines.parseBet({ amount: '1', mines: 3, picks: [1, 1] })).toEqual({
      ok: false,
      code: 'inhouse.bet.picksInvalid',
    });
    expect(mines.parseBet({ amount: '1', mines: 3, picks: [25] })).toEqual({
      ok: false,
      code: 'inhouse.bet.picksInvalid',
    });
    expect(mines.parseBet({ amount: '1', mines: 24, picks: [1, 2] })).toEqual({
      ok: false,
      code: 'inhouse.bet.picksInvalid',
    });
    expect(mines.parseBet({ amount: '1', mines: 24, picks: [7] })).toEqual({
      ok: true,
      bet: { amount: 1n, mines: 24, picks: [7] },
    });
  });

  it('1,000,000 simulated rounds (3 mines, 5 picks) measure the stated RTP within 4.5 standard errors', () => {
    const r = simulate(inhouseGame('mines')!, 1_000_000, 'test');
    expect(r.rounds).toBe(1_000_000);
    expect(r.z).toBeLessThan(Z_BOUND);
  });
});
