import { describe, expect, it } from 'vitest';
import { FairRng } from '../../fairness/fair-rng';
import { ScriptedStream, u32Bytes } from '../../fairness/scripted-stream';
import { machineOf, spin } from './slot-engine';
import { expectedFreeSpins, slotMaths } from './slot-maths';
import type { SlotTitle } from './slot-title';
import { buildStrip, linePay, PAYLINES, SCATTER, WILD } from './slot-title';
import { pearlOfManila, SLOT_TITLES } from './titles';

/** A tiny machine (strips of 6–7 stops) whose 6^5-odd stop combinations can all be played. */
const mini: SlotTitle = {
  ...pearlOfManila,
  id: 'mini',
  reelCounts: [
    [1, 1, 2, 1, 0, 0, 1, 0, 0, 0],
    [1, 1, 1, 1, 0, 0, 1, 1, 0, 0],
    [0, 1, 2, 1, 0, 0, 1, 1, 0, 0],
    [1, 1, 1, 0, 0, 0, 2, 1, 0, 0],
    [1, 1, 1, 1, 1, 0, 1, 0, 0, 0],
  ],
};

describe('slot maths', () => {
  it('each title’s exact RTP (line pays, scatter pays, free spins with retriggers) is its stated RTP to 0.001 %', () => {
    for (const title of SLOT_TITLES) {
      const m = slotMaths(title);
      expect(Math.abs(m.rtp - title.statedRtpBp / 10_000)).toBeLessThan(1e-5);
      // A feature should be neither a rarity nor routine: between 1 in 100 and 1 in 300 spins.
      expect(m.triggerProbability).toBeGreaterThan(1 / 300);
      expect(m.triggerProbability).toBeLessThan(1 / 100);
      expect(m.scatterDistribution.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    }
  });

  it('the base game by full strip enumeration: playing every stop combination equals the computed line + scatter RTP', () => {
    const machine = machineOf(mini);
    const lengths = machine.strips.map((s) => s.length);
    const maths = slotMaths(mini);
    let units = 0;
    let triggers = 0;
    let combos = 0;
    const stops = [0, 0, 0, 0, 0];
    const walk = (r: number): void => {
      if (r === 5) {
        const s = spin(new FairRng(new ScriptedStream([stops.flatMap(u32Bytes)])), machine, 1);
        expect(s.stops).toEqual(stops);
        units += s.units;
        if (s.scatters >= mini.freeSpins.trigger) triggers += 1;
        combos += 1;
        return;
      }
      for (let i = 0; i < lengths[r]!; i += 1) {
        stops[r] = i;
        walk(r + 1);
      }
    };
    walk(0);
    expect(combos).toBe(lengths.reduce((a, b) => a * b, 1));
    expect(units / PAYLINES.length / combos).toBeCloseTo(maths.lineRtp + maths.scatterRtp, 12);
    expect(triggers / combos).toBeCloseTo(maths.triggerProbability, 12);
  });

  it('expected free spins: no retrigger gives the award, certain retrigger gives the cap', () => {
    expect(expectedFreeSpins(10, 50, 0)).toBe(10);
    expect(expectedFreeSpins(10, 50, 1)).toBe(50);
    expect(expectedFreeSpins(10, 10, 0.5)).toBe(10);
    // One retrigger chance per spin of 1 %: slightly more than 10.
    const e = expectedFreeSpins(10, 50, 0.01);
    expect(e).toBeGreaterThan(10.9);
    expect(e).toBeLessThan(11.2);
  });
});

describe('slot line evaluation', () => {
  const pays = pearlOfManila.pays;
  it('pays the leading run with wilds substituting, from reel 1 only', () => {
    expect(linePay(pays, [6, 6, 6, 7, 6])).toEqual({ symbol: 6, count: 3, pay: 10 });
    expect(linePay(pays, [6, WILD, 6, 6, 9])).toEqual({ symbol: 6, count: 4, pay: 40 });
    expect(linePay(pays, [7, 6, 6, 6, 6]).pay).toBe(0);
  });

  it('leading wilds pay as wilds when that beats the symbol they complete', () => {
    expect(linePay(pays, [WILD, WILD, WILD, 9, 8])).toEqual({ symbol: WILD, count: 3, pay: 100 });
    expect(linePay(pays, [WILD, WILD, WILD, WILD, WILD])).toEqual({ symbol: WILD, count: 5, pay: 1407 });
    expect(linePay(pays, [WILD, WILD, 2, 2, 2])).toEqual({ symbol: 2, count: 5, pay: 750 });
  });

  it('the scatter is never substituted and breaks a line', () => {
    expect(linePay(pays, [SCATTER, SCATTER, SCATTER, 6, 6]).pay).toBe(0);
    expect(linePay(pays, [6, 6, SCATTER, 6, 6]).pay).toBe(0);
    expect(linePay(pays, [WILD, SCATTER, 6, 6, 6]).pay).toBe(0);
  });

  it('strips keep their symbol counts and never show two scatters in one window', () => {
    for (const title of SLOT_TITLES) {
      for (const counts of title.reelCounts) {
        const strip = buildStrip(counts);
        counts.forEach((c, s) => expect(strip.filter((x) => x === s)).toHaveLength(c));
        for (let stop = 0; stop < strip.length; stop += 1) {
          const window = [0, 1, 2].map((row) => strip[(stop + row) % strip.length]);
          expect(window.filter((x) => x === SCATTER).length).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});
