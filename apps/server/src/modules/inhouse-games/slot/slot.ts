// A video slot game (5 reels × 3 rows, 20 fixed lines) for one title. The stake is the total bet; line pays
// are in line-bet units (total ÷ 20), so a round pays floor(stake × units ÷ 20).
import type { FairRng } from '../../fairness/fair-rng';
import type { BetParse, InhouseGame, Round } from '../game';
import { asRecord, MAX_BET, MIN_BET, readAmount, round } from '../game';
import type { SlotOutcome } from './slot-engine';
import { machineOf, playSlot } from './slot-engine';
import { slotMaths } from './slot-maths';
import type { SlotTitle } from './slot-title';
import { PAYLINES } from './slot-title';

export interface SlotBet {
  /** Total bet across all 20 lines. */
  amount: bigint;
}

const LINES = BigInt(PAYLINES.length);

function parseBet(raw: unknown): BetParse<SlotBet> {
  const obj = asRecord(raw);
  if (!obj) return { ok: false, code: 'inhouse.bet.invalid' };
  const amount = readAmount(obj);
  return amount.ok ? { ok: true, bet: { amount: amount.bet } } : amount;
}

export function slotGame(title: SlotTitle): InhouseGame<SlotBet, SlotOutcome> {
  const machine = machineOf(title);
  let exactRtp: number | undefined; // computed on first use (≈ 20 ms), not at import
  const topSymbolPay = Math.max(...title.pays.map((p) => p[5] ?? 0));
  return {
    id: `slot:${title.id}`,
    nameKey: title.nameKey,
    statedRtpBp: title.statedRtpBp,
    help: {
      rulesKeys: [
        'inhouse.slot.rules.lines',
        'inhouse.slot.rules.wild',
        'inhouse.slot.rules.scatter',
        'inhouse.slot.rules.freeSpins',
        'inhouse.fair.rules',
      ],
      statedRtpBp: title.statedRtpBp,
      minBet: MIN_BET,
      maxBet: MAX_BET,
      facts: {
        lines: PAYLINES.length,
        freeSpins: title.freeSpins.award,
        freeSpinMultiplier: title.freeSpins.multiplier,
        freeSpinCap: title.freeSpins.cap,
        topLinePay: topSymbolPay,
      },
    },
    parseBet: (raw: unknown): BetParse<SlotBet> => parseBet(raw),
    play: (rng: FairRng, bet: SlotBet): Round<SlotOutcome> => {
      const outcome = playSlot(rng, machine);
      return round(outcome, bet.amount, BigInt(outcome.units), LINES);
    },
    rtpOf: () => (exactRtp ??= slotMaths(title).rtp),
    simBet: { amount: 2_000_000n },
  };
}
