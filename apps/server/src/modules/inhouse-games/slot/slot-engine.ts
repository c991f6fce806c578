// Spins a slot title: one uniform stop per reel, 20 line evaluations and a scatter count; three or more
// scatters start free spins, which retrigger up to the title's cap.
import type { FairRng } from '../../fairness/fair-rng';
import type { SlotTitle } from './slot-title';
import * as layout from './slot-title';

// Module-local copies: under the TS loaders (tsx, vitest) every read of an imported binding goes through a
// getter, which dominated the simulations' profile.
const { buildStrip, linePay, PAYLINES, REELS, ROWS, SCATTER } = layout;

export interface LineWin {
  line: number;
  symbol: number;
  count: number;
  /** Line-bet units, before any free-spin multiplier. */
  pay: number;
}

export interface SpinResult {
  stops: number[];
  /** grid[reel][row] */
  grid: number[][];
  lineWins: LineWin[];
  scatters: number;
  /** Line-bet units won by this spin, multiplier included. */
  units: number;
}

export interface SlotOutcome {
  base: SpinResult;
  freeSpins: SpinResult[];
  /** Total line-bet units of the round. */
  units: number;
}

export interface SlotMachine {
  title: SlotTitle;
  strips: number[][];
}

export function machineOf(title: SlotTitle): SlotMachine {
  return { title, strips: title.reelCounts.map((c) => buildStrip(c)) };
}

/** One spin of the reels; exported so tests can enumerate every stop combination of a small machine. */
export function spin(rng: FairRng, m: SlotMachine, multiplier: number): SpinResult {
  const stops: number[] = [];
  const grid: number[][] = [];
  let scatters = 0;
  for (let r = 0; r < REELS; r += 1) {
    const strip = m.strips[r]!;
    const stop = rng.int(strip.length);
    stops.push(stop);
    const column: number[] = [];
    for (let row = 0; row < ROWS; row += 1) {
      const s = strip[(stop + row) % strip.length]!;
      if (s === SCATTER) scatters += 1;
      column.push(s);
    }
    grid.push(column);
  }
  const lineWins: LineWin[] = [];
  let units = 0;
  // One scratch array for the 20 lines: spins are synchronous and this loop is the simulations' hot path.
  const symbols = [0, 0, 0, 0, 0];
  for (let line = 0; line < PAYLINES.length; line += 1) {
    const rows = PAYLINES[line]!;
    for (let r = 0; r < REELS; r += 1) symbols[r] = grid[r]![rows[r]!]!;
    const win = linePay(m.title.pays, symbols);
    if (win.pay > 0) {
      lineWins.push({ line, ...win });
      units += win.pay;
    }
  }
  units += (m.title.scatterPays[scatters] ?? 0) * PAYLINES.length;
  return { stops, grid, lineWins, scatters, units: units * multiplier };
}

export function playSlot(rng: FairRng, m: SlotMachine): SlotOutcome {
  const fs = m.title.freeSpins;
  const base = spin(rng, m, 1);
  const freeSpins: SpinResult[] = [];
  let units = base.units;
  if (base.scatters >= fs.trigger) {
    let remaining = fs.award;
    let awarded = fs.award;
    while (remaining > 0) {
      remaining -= 1;
      const s = spin(rng, m, fs.multiplier);
      freeSpins.push(s);
      units += s.units;
      if (s.scatters >= fs.trigger) {
        const extra = Math.min(fs.award, fs.cap - awarded);
        remaining += extra;
        awarded += extra;
      }
    }
  }
  return { base, freeSpins, units };
}
