// Exact RTP of a slot title. By linearity of expectation: every payline sees, on each reel, a symbol
// distributed as the strip's symbol frequencies (the stop is uniform), so all lines have the same expected
// pay, found by enumerating the 10^5 symbol sequences; the scatter count is the convolution of each
// reel's window distribution (enumerated over its stops); and a free-spin feature pays
// E[spins] × multiplier × (expected spin pay), because whether a spin is played depends only on earlier
// spins. E[spins] comes from a recursion over (spins left, spins awarded).
import type { SlotTitle } from './slot-title';
import { buildStrip, linePay, REELS, ROWS, SCATTER } from './slot-title';

export interface SlotMaths {
  /** Expected line pay per spin, as a fraction of the total bet. */
  lineRtp: number;
  scatterRtp: number;
  triggerProbability: number;
  expectedFreeSpins: number;
  featureRtp: number;
  rtp: number;
  /** P(scatter count = n), n = 0…15. */
  scatterDistribution: number[];
}

function lineExpectation(title: SlotTitle, freq: number[][]): number {
  const symbols = title.symbols.length;
  const seq = new Array<number>(REELS).fill(0);
  let total = 0;
  const walk = (r: number, p: number): void => {
    if (r === REELS) {
      total += p * linePay(title.pays, seq).pay;
      return;
    }
    for (let s = 0; s < symbols; s += 1) {
      const f = freq[r]![s]!;
      if (f === 0) continue;
      seq[r] = s;
      walk(r + 1, p * f);
    }
  };
  walk(0, 1);
  return total;
}

function scatterDistribution(strips: number[][]): number[] {
  let dist = [1];
  for (const strip of strips) {
    const reel = new Array<number>(ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let n = 0;
      for (let row = 0; row < ROWS; row += 1) if (strip[(stop + row) % strip.length] === SCATTER) n += 1;
      reel[n]! += 1 / strip.length;
    }
    const next = new Array<number>(dist.length + ROWS).fill(0);
    dist.forEach((a, i) => reel.forEach((b, j) => (next[i + j]! += a * b)));
    dist = next;
  }
  return dist;
}

/** Expected number of free spins played in one feature. */
export function expectedFreeSpins(award: number, cap: number, retrigger: number): number {
  const memo = new Map<string, number>();
  const e = (left: number, awarded: number): number => {
    if (left === 0) return 0;
    const key = `${left}:${awarded}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const extra = Math.min(award, cap - awarded);
    const v = 1 + retrigger * e(left - 1 + extra, awarded + extra) + (1 - retrigger) * e(left - 1, awarded);
    memo.set(key, v);
    return v;
  };
  return e(award, award);
}

export function slotMaths(title: SlotTitle): SlotMaths {
  const strips = title.reelCounts.map((c) => buildStrip(c));
  const freq = strips.map((strip) => {
    const f = new Array<number>(title.symbols.length).fill(0);
    for (const s of strip) f[s]! += 1 / strip.length;
    return f;
  });
  const lineRtp = lineExpectation(title, freq);
  const dist = scatterDistribution(strips);
  const scatterRtp = dist.reduce((s, p, n) => s + p * (title.scatterPays[n] ?? 0), 0);
  const fs = title.freeSpins;
  const triggerProbability = dist.slice(fs.trigger).reduce((s, p) => s + p, 0);
  const spinRtp = lineRtp + scatterRtp;
  const expected = expectedFreeSpins(fs.award, fs.cap, triggerProbability);
  const featureRtp = triggerProbability * expected * fs.multiplier * spinRtp;
  return {
    lineRtp,
    scatterRtp,
    triggerProbability,
    expectedFreeSpins: expected,
    featureRtp,
    rtp: spinRtp + featureRtp,
    scatterDistribution: dist,
  };
}
