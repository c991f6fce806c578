// Mines: 1–24 mines hidden in a 5×5 board (the first m cells of a Fisher–Yates shuffle, fixed before the
// first pick); every safe pick raises the multiplier to (1 − edge) × C(25,k) / C(25−m,k), the inverse of
// the chance of k safe picks, so cashing out after any k returns exactly 1 − edge.
import type { FairRng } from '../../fairness/fair-rng';
import type { BetParse, InhouseGame, Round } from '../game';
import { asRecord, MAX_BET, MIN_BET, readAmount, round } from '../game';

export const MINES_CELLS = 25;
export const MINES_RTP_BP = 9_900;
const CELLS = Array.from({ length: MINES_CELLS }, (_, i) => i);

export interface MinesBet {
  amount: bigint;
  mines: number;
  /** Cells picked in order (0–24, row-major); the player cashes out after the last one if all are safe. */
  picks: number[];
}

export interface MinesOutcome {
  /** Mine cells in draw order (all revealed at the end of the round). */
  mineCells: number[];
  /** Index in picks of the first mine hit, or null when every pick was safe. */
  hitAt: number | null;
}

function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i += 1) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** The cash-out multiplier after k safe picks, as numerator / denominator. */
export function minesMultiplier(mines: number, k: number): { num: bigint; den: bigint } {
  return {
    num: BigInt(MINES_RTP_BP) * choose(MINES_CELLS, k),
    den: 10_000n * choose(MINES_CELLS - mines, k),
  };
}

function parseBet(raw: unknown): BetParse<MinesBet> {
  const obj = asRecord(raw);
  if (!obj) return { ok: false, code: 'inhouse.bet.invalid' };
  const amount = readAmount(obj);
  if (!amount.ok) return amount;
  const { mines, picks } = obj;
  if (typeof mines !== 'number' || !Number.isInteger(mines) || mines < 1 || mines > MINES_CELLS - 1) {
    return { ok: false, code: 'inhouse.bet.minesInvalid' };
  }
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > MINES_CELLS - mines) {
    return { ok: false, code: 'inhouse.bet.picksInvalid' };
  }
  const seen = new Set<number>();
  for (const p of picks) {
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p >= MINES_CELLS || seen.has(p)) {
      return { ok: false, code: 'inhouse.bet.picksInvalid' };
    }
    seen.add(p);
  }
  return { ok: true, bet: { amount: amount.bet, mines, picks: [...seen] } };
}

/**
 * The opening of a round played tile by tile: the amount and the mine count (the picks come one by one).
 * A finished round is then exactly `play(rng, { amount, mines, picks })` with the picks in the order made.
 */
export function parseMinesStart(raw: unknown): BetParse<{ amount: bigint; mines: number }> {
  const obj = asRecord(raw);
  if (!obj) return { ok: false, code: 'inhouse.bet.invalid' };
  const parsed = parseBet({ ...obj, picks: [0] });
  if (!parsed.ok) return parsed;
  return { ok: true, bet: { amount: parsed.bet.amount, mines: parsed.bet.mines } };
}

/** The board of a round, drawn before the first pick; an interactive round reveals picks against it. */
export function drawMineCells(rng: FairRng, mineCount: number): number[] {
  return rng.sample(CELLS, mineCount);
}

function play(rng: FairRng, bet: MinesBet): Round<MinesOutcome> {
  const mineCells = drawMineCells(rng, bet.mines);
  const mineSet = new Set(mineCells);
  const hit = bet.picks.findIndex((p) => mineSet.has(p));
  if (hit >= 0) return round({ mineCells, hitAt: hit }, bet.amount, 0n, 1n);
  const { num, den } = minesMultiplier(bet.mines, bet.picks.length);
  return round({ mineCells, hitAt: null }, bet.amount, num, den);
}

export const mines: InhouseGame<MinesBet, MinesOutcome> = {
  id: 'mines',
  nameKey: 'inhouse.mines.name',
  statedRtpBp: MINES_RTP_BP,
  help: {
    rulesKeys: [
      'inhouse.mines.rules.board',
      'inhouse.mines.rules.pick',
      'inhouse.mines.rules.cashOut',
      'inhouse.fair.rules',
    ],
    statedRtpBp: MINES_RTP_BP,
    minBet: MIN_BET,
    maxBet: MAX_BET,
    facts: { houseEdgeBp: 10_000 - MINES_RTP_BP, minMines: 1, maxMines: 24, cells: MINES_CELLS },
  },
  parseBet,
  play,
  rtpOf: () => MINES_RTP_BP / 10_000,
  simBet: { amount: 1_000_000n, mines: 3, picks: [0, 6, 12, 18, 24] },
};
