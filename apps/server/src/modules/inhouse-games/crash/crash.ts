// Crash: a crash point from 52 bits with the house edge built in; the bet is an automatic cash-out target.
// With k uniform in [0, 2^52): crash = (1 − edge) / (1 − k/2^52), floored to hundredths; P(crash ≥ t) =
// (1 − edge)/t up to 2^-52, so any target returns 1 − edge. Below 1.00 the round busts at once.
import type { FairRng } from '../../fairness/fair-rng';
import type { BetParse, InhouseGame, Round } from '../game';
import { asRecord, MAX_BET, MIN_BET, readAmount, round } from '../game';

export const CRASH_RTP_BP = 9_900;
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_TARGET = 100_000_000; // 1,000,000.00×
const N = 2n ** 52n;

export interface CrashBet {
  amount: bigint;
  /** Auto cash-out target in hundredths (250 = 2.50×). */
  cashOutAt: number;
}

export interface CrashOutcome {
  /** Crash point in hundredths, at least 100 (1.00×). */
  crashPoint: number;
  win: boolean;
}

/** The crash point (hundredths) for a 52-bit draw k. */
export function crashPointOf(k: number): number {
  const h = (BigInt(CRASH_RTP_BP) * N) / (100n * (N - BigInt(k)));
  return h < 100n ? 100 : h > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(h);
}

/** Exact P(crash point ≥ target) as a fraction of 2^52 draws. */
export function crashWinCount(target: number): bigint {
  const limit = (BigInt(CRASH_RTP_BP) * N) / (100n * BigInt(target));
  return limit < N ? limit : N;
}

function parseBet(raw: unknown): BetParse<CrashBet> {
  const obj = asRecord(raw);
  if (!obj) return { ok: false, code: 'inhouse.bet.invalid' };
  const amount = readAmount(obj);
  if (!amount.ok) return amount;
  const t = obj.cashOutAt;
  if (typeof t !== 'number' || !Number.isInteger(t) || t < CRASH_MIN_TARGET || t > CRASH_MAX_TARGET) {
    return { ok: false, code: 'inhouse.bet.targetInvalid' };
  }
  return { ok: true, bet: { amount: amount.bet, cashOutAt: t } };
}

function play(rng: FairRng, bet: CrashBet): Round<CrashOutcome> {
  const crashPoint = crashPointOf(rng.bits52());
  const win = crashPoint >= bet.cashOutAt;
  return round({ crashPoint, win }, bet.amount, win ? BigInt(bet.cashOutAt) : 0n, 100n);
}

export const crash: InhouseGame<CrashBet, CrashOutcome> = {
  id: 'crash',
  nameKey: 'inhouse.crash.name',
  statedRtpBp: CRASH_RTP_BP,
  help: {
    rulesKeys: [
      'inhouse.crash.rules.curve',
      'inhouse.crash.rules.cashOut',
      'inhouse.crash.rules.bust',
      'inhouse.fair.rules',
    ],
    statedRtpBp: CRASH_RTP_BP,
    minBet: MIN_BET,
    maxBet: MAX_BET,
    facts: { houseEdgeBp: 10_000 - CRASH_RTP_BP, minCashOut: '1.01', maxCashOut: '1000000.00' },
  },
  parseBet,
  play,
  rtpOf: (bet) => (Number(crashWinCount(bet.cashOutAt)) / Number(N)) * (bet.cashOutAt / 100),
  simBet: { amount: 1_000_000n, cashOutAt: 200 },
};
