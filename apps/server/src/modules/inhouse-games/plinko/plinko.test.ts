import { describe, expect, it } from 'vitest';
import { FairRng } from '../../fairness/fair-rng';
import { ScriptedStream, u32Bytes } from '../../fairness/scripted-stream';
import { inhouseGame } from '../registry';
import { simulate, Z_BOUND } from '../simulate';
import { plinko } from './plinko';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_RTP_BP,
  plinkoTable,
  tableRtp,
} from './plinko-tables';

describe('plinko', () => {
  it('every table (8–16 rows × low/medium/high) has an exact binomial RTP within 0.01 % of the stated 99.00 %', () => {
    for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows += 1) {
      for (const risk of PLINKO_RISKS) {
        const t = plinkoTable(rows, risk);
        expect(t).toHaveLength(rows + 1);
        expect(Math.abs(tableRtp(rows, t) - PLINKO_RTP_BP / 10_000)).toBeLessThan(1e-4);
        expect(t).toEqual([...t].reverse());
        expect(Math.min(...t)).toBeGreaterThan(0);
        expect(t[Math.floor(rows / 2)]!).toBeLessThan(100);
        expect(t[0]!).toBeGreaterThan(t[1]!);
      }
    }
  });

  it('higher risk pays more at the edges: 16 rows pay 16× / 109× / 1001× on low / medium / high', () => {
    expect([plinkoTable(16, 'low')[0], plinkoTable(16, 'medium')[0], plinkoTable(16, 'high')[0]]).toEqual([
      1601, 10900, 100100,
    ]);
  });

  it('the slot is the number of right bounces, read from one 32-bit draw', () => {
    const r = plinko.play(new FairRng(new ScriptedStream([u32Bytes(0b1111_1111)])), {
      amount: 1_000n,
      rows: 8,
      risk: 'low',
    });
    expect(r.outcome).toEqual({ path: [1, 1, 1, 1, 1, 1, 1, 1], slot: 8 });
    expect(r.payout).toBe((1_000n * BigInt(plinkoTable(8, 'low')[8]!)) / 100n);
    const mid = plinko.play(new FairRng(new ScriptedStream([u32Bytes(0b1010_0101)])), {
      amount: 1_000n,
      rows: 8,
      risk: 'high',
    });
    expect(mid.outcome.slot).toBe(4);
  });

  it('validates rows and risk', () => {
    expect(plinko.parseBet({ amount: '1', rows: 7, risk: 'low' })).toEqual({
      ok: false,
      code: 'inhouse.bet.rowsInvalid',
    });
    expect(plinko.parseBet({ amount: '1', rows: 17, risk: 'low' })).toEqual({
      ok: false,
      code: 'inhouse.bet.rowsInvalid',
    });
    expect(plinko.parseBet({ amount: '1', rows: 12, risk: 'extreme' })).toEqual({
      ok: false,
      code: 'inhouse.bet.riskInvalid',
    });
    expect(plinko.parseBet({ amount: '1', rows: 12, risk: 'medium' })).toEqual({
      ok: true,
      bet: { amount: 1n, rows: 12, risk: 'medium' },
    });
  });

  it('1,000,000 simulated rounds on 16 rows, high risk (the widest spread) measure the RTP within 4.5 σ/√n', () => {
    const r = simulate(inhouseGame('plinko')!, 1_000_000, 'test');
    expect(r.rounds).toBe(1_000_000);
    expect(r.z).toBeLessThan(Z_BOUND);
  });

  it('1,000,000 simulated rounds on 12 rows, medium risk measure the RTP within 4.5 σ/√n', () => {
    const game = inhouseGame('plinko')!;
    const r = simulate(game, 1_000_000, 'test', {
      amount: 1_000_000n,
      rows: 12,
      risk: 'medium',
    } as typeof game.simBet);
    expect(r.z).toBeLessThan(Z_BOUND);
  });
});
