import { formatAmount } from '@panalo/contract/money';
import { applyMultiplier, titleRng, type Engine, type RandomInt } from './engine-kit';

// Symbols from the basic multilingual plane (plain fonts draw them; emoji need a colour font some
// systems lack), each with its own colour.
const SYMBOLS = [
  ['♥', 'Heart', '#d62839'],
  ['♦', 'Diamond', '#1d70b8'],
  ['♣', 'Clover', '#1b8a3a'],
  ['★', 'Star', '#e0a100'],
  ['☀', 'Sun', '#f07b05'],
  ['☂', 'Umbrella', '#7b3fb0'],
  ['⚓', 'Anchor', '#0b5f73'],
  ['♞', 'Horse', '#6d4c2f'],
  ['♛', 'Crown', '#b8860b'],
  ['7', 'Seven', '#c1121f'],
] as const;

export const REELS = 5;
export const ROWS = 3;
/** Five fixed lines over 5 reels × 3 rows: the row index on each reel. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
];
const SHARE = [0.55, 0.28, 0.17]; // of the return given to 3, 4 and 5 of a kind
const CAP = 5000; // largest raw line multiplier before scaling

export interface SlotSymbol {
  glyph: string;
  name: string;
  colour: string;
  weight: number;
  /** Line multipliers in hundredths for 3, 4 and 5 of a kind from the leftmost reel. */
  pays: [number, number, number];
}

/** Chance that a line shows exactly k of the symbol from the left (k = 5: all five). */
const lineChance = (p: number, k: number) => (k === REELS ? p ** k : p ** k * (1 - p));

/** The exact return to player of a paytable (independent reels, equal line bets, before rounding down). */
export function slotRtp(symbols: readonly SlotSymbol[]): number {
  const total = symbols.reduce((s, x) => s + x.weight, 0);
  let e = 0;
  for (const s of symbols) {
    const p = s.weight / total;
    s.pays.forEach((pay, i) => (e += lineChance(p, i + 3) * (pay / 100)));
  }
  return e;
}

/** A title's paytable, from its game code: six symbols, rarer ones paying more, aimed at 94–97 %. */
export function slotPaytable(gameCode: string): SlotSymbol[] {
  const r = titleRng(gameCode, 'slot');
  const pool = SYMBOLS.map((s) => ({ s, k: r() }))
    .sort((a, b) => a.k - b.k)
    .slice(0, 6)
    .map((x) => x.s);
  const weights = pool.map(() => 3 + Math.floor(r() * 8)).sort((a, b) => b - a);
  const total = weights.reduce((a, b) => a + b, 0);
  const target = 0.94 + r() * 0.03;
  const raw = pool.map((_, i) => {
    const p = weights[i]! / total;
    return SHARE.map((share, j) => Math.min(CAP, share / (pool.length * lineChance(p, j + 3))));
  });
  const draft = pool.map((s, i) => ({
    glyph: s[0],
    name: s[1],
    colour: s[2],
    weight: weights[i]!,
    pays: raw[i]!.map((x) => Math.round(x * 100)) as [number, number, number],
  }));
  const scale = target / slotRtp(draft);
  return draft.map((s) => ({
    ...s,
    pays: s.pays.map((x) => Math.max(10, Math.floor(x * scale))) as [number, number, number],
  }));
}

export interface LineWin {
  line: number;
  symbol: number;
  count: number;
  win: string;
}

/** Spins the reels: each cell drawn by weight (a virtual reel), lines paid left to right. */
export function slotEngine(gameCode: string): Engine {
  const table = slotPaytable(gameCode);
  const total = table.reduce((s, x) => s + x.weight, 0);
  const draw = (rand: RandomInt) => {
    let n = rand(total);
    for (let i = 0; i < table.length; i++) {
      n -= table[i]!.weight;
      if (n < 0) return i;
    }
    return table.length - 1;
  };
  return {
    kind: 'slot',
    rtp: slotRtp(table),
    info: { reels: REELS, rows: ROWS, lines: PAYLINES, symbols: table },
    play(stake, _pick, rand) {
      const grid = Array.from({ length: REELS }, () => Array.from({ length: ROWS }, () => draw(rand)));
      let win = 0n;
      const wins: LineWin[] = [];
      PAYLINES.forEach((rows, line) => {
        const first = grid[0]![rows[0]!]!;
        let count = 1;
        while (count < REELS && grid[count]![rows[count]!] === first) count++;
        if (count < 3) return;
        const amount = applyMultiplier(stake, table[first]!.pays[count - 3]!, BigInt(PAYLINES.length));
        win += amount;
        wins.push({ line, symbol: first, count, win: formatAmount(amount) });
      });
      return { win, detail: { grid, wins } };
    },
  };
}
