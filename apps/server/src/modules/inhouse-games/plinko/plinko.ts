// Plinko: the ball bounces left or right at each of 8–16 rows (one fair bit per row); the slot is the
// number of rights, so slots follow the binomial distribution and the table pays by slot.
import type { FairRng } from '../../fairness/fair-rng';
import type { BetParse, InhouseGame, Round } from '../game';
import { asRecord, MAX_BET, MIN_BET, readAmount, round } from '../game';
import type { PlinkoRisk } from './plinko-tables';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_RTP_BP,
  plinkoTable,
  tableRtp,
} from './plinko-tables';

export interface PlinkoBet {
  amount: bigint;
  rows: number;
  risk: PlinkoRisk;
}

export interface PlinkoOutcome {
  /** One entry per row: 0 = left, 1 = right. */
  path: number[];
  slot: number;
}

function parseBet(raw: unknown): BetParse<PlinkoBet> {
  const obj = asRecord(raw);
  if (!obj) return { ok: false, code: 'inhouse.bet.invalid' };
  const amount = readAmount(obj);
  if (!amount.ok) return amount;
  const { rows, risk } = obj;
  if (
    typeof rows !== 'number' ||
    !Number.isInteger(rows) ||
    rows < PLINKO_MIN_ROWS ||
    rows > PLINKO_MAX_ROWS
  ) {
    return { ok: false, code: 'inhouse.bet.rowsInvalid' };
  }
  const r = PLINKO_RISKS.find((x) => x === risk);
  if (!r) return { ok: false, code: 'inhouse.bet.riskInvalid' };
  return { ok: true, bet: { amount: amount.bet, rows, risk: r } };
}

function play(rng: FairRng, bet: PlinkoBet): Round<PlinkoOutcome> {
  const bits = rng.bits(bet.rows);
  const path: number[] = [];
  let slot = 0;
  for (let i = 0; i < bet.rows; i += 1) {
    const right = Math.floor(bits / 2 ** i) % 2;
    path.push(right);
    slot += right;
  }
  const hundredths = plinkoTable(bet.rows, bet.risk)[slot]!;
  return round({ path, slot }, bet.amount, BigInt(hundredths), 100n);
}

export const plinko: InhouseGame<PlinkoBet, PlinkoOutcome> = {
  id: 'plinko',
  nameKey: 'inhouse.plinko.name',
  statedRtpBp: PLINKO_RTP_BP,
  help: {
    rulesKeys: [
      'inhouse.plinko.rules.drop',
      'inhouse.plinko.rules.rowsRisk',
      'inhouse.plinko.rules.payout',
      'inhouse.fair.rules',
    ],
    statedRtpBp: PLINKO_RTP_BP,
    minBet: MIN_BET,
    maxBet: MAX_BET,
    facts: {
      minRows: PLINKO_MIN_ROWS,
      maxRows: PLINKO_MAX_ROWS,
      maxMultiplier: plinkoTable(16, 'high')[0]! / 100,
    },
  },
  parseBet,
  play,
  rtpOf: (bet) => tableRtp(bet.rows, plinkoTable(bet.rows, bet.risk)),
  simBet: { amount: 1_000_000n, rows: 16, risk: 'high' },
};
