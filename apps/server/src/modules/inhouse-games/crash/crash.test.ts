import { describe, expect, it } from 'vitest';
import { FairRng } from '../../fairness/fair-rng';
import { ScriptedStream, u32Bytes } from '../../fairness/scripted-stream';
import { inhouseGame } from '../registry';
import { simulate, Z_BOUND } from '../simulate';
import { crash, CRASH_MAX_TARGET, CRASH_RTP_BP, crashPointOf, crashWinCount } from './crash';

const N = 2n ** 52n;

/** The 7 bytes FairRng.bits52() reads back as k. */
function bits52Bytes(k: number): number[] {
  const hi = Math.floor(k / 2 ** 20);
  const lo = (k % 2 ** 20) * 16;
  return [...u32Bytes(hi), (lo >>> 16) & 255, (lo >>> 8) & 255, lo & 255];
}

describe('crash', () => {
  it('exact RTP over all 2^52 draws is the stated 99.00 % for every cash-out target (to 1e-9, the 2^-52 grid)', () => {
    for (const t of [101, 110, 150, 200, 333, 1_000, 10_000, 1_000_000, CRASH_MAX_TARGET]) {
      const rtp = Number(crashWinCount(t) * BigInt(t)) / Number(N * 100n);
      expect(Math.abs(rtp - CRASH_RTP_BP / 10_000)).toBeLessThan(1e-9);
    }
  });

  it('the first winning draw for a target is exactly where the count says (boundary of the curve)', () => {
    for (const t of [101, 200, 777]) {
      const first = Number(N - crashWinCount(t));
      expect(crashPointOf(first)).toBeGreaterThanOrEqual(t);
      expect(crashPointOf(first - 1)).toBeLessThan(t);
    }
  });

  it('busts at 1.00× for the lowest draws (the 1 % edge) and a draw plays through bits52', () => {
    expect(crashPointOf(0)).toBe(100);
    const k = 3 * 2 ** 50; // u = 0.75 → 0.99 ÷ 0.25 = 3.96×
    const r = crash.play(new FairRng(new ScriptedStream([bits52Bytes(k)])), {
      amount: 1_000n,
      cashOutAt: 396,
    });
    expect(r).toEqual({ outcome: { crashPoint: 396, win: true }, payout: 3_960n, multiplier: 3.96 });
    const lost = crash.play(new FairRng(new ScriptedStream([bits52Bytes(k)])), {
      amount: 1_000n,
      cashOutAt: 397,
    });
    expect(lost.payout).toBe(0n);
  });

  it('validates the cash-out target', () => {
    expect(crash.parseBet({ amount: '5', cashOutAt: 100 })).toEqual({
      ok: false,
      code: 'inhouse.bet.targetInvalid',
    });
    expect(crash.parseBet({ amount: '5', cashOutAt: 1.5 })).toEqual({
      ok: false,
      code: 'inhouse.bet.targetInvalid',
    });
    expect(crash.parseBet({ amount: '5', cashOutAt: 101 })).toEqual({
      ok: true,
      bet: { amount: 5n, cashOutAt: 101 },
    });
  });

  it('1,000,000 simulated rounds measure the stated RTP within 4.5 standard errors', () => {
    const r = simulate(inhouseGame('crash')!, 1_000_000, 'test');
    expect(r.rounds).toBe(1_000_000);
    expect(r.z).toBeLessThan(Z_BOUND);
  });
});
