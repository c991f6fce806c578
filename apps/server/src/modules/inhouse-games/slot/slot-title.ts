// The data that makes a slot title: symbols, paytable, free-spin rules and reel strips. The engine and
// the exact-RTP maths read only this object, so a new theme is a new SlotTitle.

/** Symbol 0 is the wild, symbol 1 the scatter, 2… are paying symbols. */
export const WILD = 0;
export const SCATTER = 1;
export const REELS = 5;
export const ROWS = 3;

export interface SlotTitle {
  id: string;
  nameKey: string;
  statedRtpBp: number;
  /** Theme ids of the symbols (art and labels come from the UI), index = symbol. */
  symbols: readonly string[];
  /** pays[symbol][count] in line-bet units for count = 0…5 (only 3–5 pay); the scatter row is unused. */
  pays: readonly (readonly number[])[];
  /** scatterPays[count] in total-bet units, for scatters anywhere in the window. */
  scatterPays: readonly number[];
  freeSpins: {
    /** Scatters that trigger (and retrigger) free spins. */
    trigger: number;
    award: number;
    /** Whole-number multiplier on every free-spin win. */
    multiplier: number;
    /** Most free spins one feature can award in total, retriggers included. */
    cap: number;
  };
  /** Symbol counts per reel; buildStrip lays them out. */
  reelCounts: readonly (readonly number[])[];
}

/**
 * Lays out a reel strip from symbol counts: scatters evenly spaced first (so a 3-row window never shows
 * two scatters of one reel while count × 3 ≤ length), then the other symbols interleaved by their ideal
 * evenly spread positions, so that no symbol clumps.
 */
export function buildStrip(counts: readonly number[]): number[] {
  const length = counts.reduce((s, c) => s + c, 0);
  const strip = new Array<number>(length).fill(-1);
  const scatters = counts[SCATTER] ?? 0;
  if (scatters * ROWS > length) throw new Error('too many scatters for a spaced strip');
  for (let j = 0; j < scatters; j += 1) strip[Math.floor((j * length) / scatters)] = SCATTER;
  const rest = length - scatters;
  const queue: { symbol: number; at: number }[] = [];
  counts.forEach((c, symbol) => {
    if (symbol === SCATTER) return;
    for (let j = 0; j < c; j += 1) queue.push({ symbol, at: ((j + 0.5) * rest) / c + symbol * 1e-6 });
  });
  queue.sort((a, b) => a.at - b.at);
  let q = 0;
  for (let i = 0; i < length; i += 1) if (strip[i] === -1) strip[i] = queue[q++]!.symbol;
  return strip;
}

/** 20 fixed paylines, each the row (0 top … 2 bottom) on reels 1–5. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 0, 0],
  [2, 2, 1, 2, 2],
  [1, 2, 2, 2, 1],
  [1, 0, 0, 0, 1],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/**
 * Pay of one line in line-bet units: the wild substitutes for every symbol but the scatter; the line
 * pays the better of its leading-wild run (as wilds) and its leading symbol run (wilds counted in).
 */
export function linePay(
  pays: SlotTitle['pays'],
  symbols: readonly number[],
): { symbol: number; count: number; pay: number } {
  let wilds = 0;
  while (wilds < REELS && symbols[wilds] === WILD) wilds += 1;
  const wildPay = pays[WILD]![wilds] ?? 0;
  const lead = wilds < REELS ? symbols[wilds]! : WILD;
  let count = wilds;
  if (lead !== SCATTER && lead !== WILD) {
    while (count < REELS && (symbols[count] === lead || symbols[count] === WILD)) count += 1;
  }
  const leadPay = lead !== SCATTER && lead !== WILD ? (pays[lead]![count] ?? 0) : 0;
  return leadPay >= wildPay
    ? { symbol: lead, count, pay: leadPay }
    : { symbol: WILD, count: wilds, pay: wildPay };
}
