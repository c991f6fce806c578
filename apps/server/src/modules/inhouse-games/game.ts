// What every in-house game module exposes. Games are pure: all randomness comes from the FairRng handed
// to play(), so a round is a function of (server seed, client seed, nonce, bet) and can be replayed.
import type { FairRng } from '../fairness/fair-rng';

export type BetErrorCode =
  | 'inhouse.bet.invalid'
  | 'inhouse.bet.amountInvalid'
  | 'inhouse.bet.amountTooLow'
  | 'inhouse.bet.amountTooHigh'
  | 'inhouse.bet.targetInvalid'
  | 'inhouse.bet.directionInvalid'
  | 'inhouse.bet.minesInvalid'
  | 'inhouse.bet.picksInvalid'
  | 'inhouse.bet.rowsInvalid'
  | 'inhouse.bet.riskInvalid'
  | 'inhouse.bet.sideInvalid'
  | 'inhouse.game.unknown';

export type BetParse<B> = { ok: true; bet: B } | { ok: false; code: BetErrorCode };

export interface Round<O> {
  outcome: O;
  /** Amount returned to the player in minor units (stake included); 0n on a loss. */
  payout: bigint;
  /** payout ÷ stake, for display only (money never goes through floats). */
  multiplier: number;
}

export interface HelpSummary {
  /** Message keys of the rules paragraphs; the UI owns the text. */
  rulesKeys: readonly string[];
  statedRtpBp: number;
  minBet: bigint;
  maxBet: bigint;
  /** Figures the help panel shows beside the text (max multiplier, house edge, …). */
  facts: Readonly<Record<string, string | number>>;
}

export interface InhouseGame<B extends { amount: bigint }, O> {
  id: string;
  /** Message key of the title. */
  nameKey: string;
  /** Return to player in basis points, as stated to players. */
  statedRtpBp: number;
  help: HelpSummary;
  parseBet(raw: unknown): BetParse<B>;
  play(rng: FairRng, bet: B): Round<O>;
  /** The exact theoretical RTP (fraction) of this particular bet, e.g. a baccarat side or plinko table. */
  rtpOf(bet: B): number;
  /** A representative bet for simulations. */
  simBet: B;
}

export const MIN_BET = 1n;
export const MAX_BET = 100_000_000n;

export function asRecord(raw: unknown): Record<string, unknown> | null {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : null;
}

/** Reads `amount` (bigint minor units, or a string of digits as sent over JSON). */
export function readAmount(obj: Record<string, unknown>): BetParse<bigint> {
  const raw = obj.amount;
  let amount: bigint;
  if (typeof raw === 'bigint') amount = raw;
  else if (typeof raw === 'string' && /^[0-9]{1,18}$/.test(raw)) amount = BigInt(raw);
  else return { ok: false, code: 'inhouse.bet.amountInvalid' };
  if (amount < MIN_BET) return { ok: false, code: 'inhouse.bet.amountTooLow' };
  if (amount > MAX_BET) return { ok: false, code: 'inhouse.bet.amountTooHigh' };
  return { ok: true, bet: amount };
}

/** floor(amount × num ÷ den): payouts are rounded down to the minor unit. */
export function payoutOf(amount: bigint, num: bigint, den: bigint): bigint {
  return (amount * num) / den;
}

export function round<O>(outcome: O, amount: bigint, num: bigint, den: bigint): Round<O> {
  const payout = payoutOf(amount, num, den);
  return { outcome, payout, multiplier: Number(num) / Number(den) };
}
