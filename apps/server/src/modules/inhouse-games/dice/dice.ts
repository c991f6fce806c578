// Dice: a roll 00.00–99.99 (10,000 equally likely values); the player wins when the roll is under (or
// over) the target, and a win pays (1 − edge) ÷ p, so every target returns exactly 1 − edge.
import type { FairRng } from '../../fairness/fair-rng';
import type { BetParse, InhouseGame, Round } from '../game';
import { asRecord, MAX_BET, MIN_BET, readAmount, round } from '../game';

export const DICE_OUTCOMES = 10_000;
export const DICE_RTP_BP = 9_900;
/** Win chance limits, in roll values out of 10,000 (1.00 % … 98.00 %). */
export const DICE_MIN_WINNING = 100;
export const DICE_MAX_WINNING = 9_800;

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  amount: bigint;
  /** Target in hundredths (5000 = 50.00). Under wins on roll < target; over wins on roll > target. */
  target: number;
  direction: DiceDirection;
}

export interface DiceOutcome {
  /** Roll in hundredths: 0 … 9999 shows as 00.00 … 99.99. */
  roll: number;
  win: boolean;
}

/** How many of the 10,000 rolls win. */
export function diceWinningRolls(target: number, direction: DiceDirection): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

function parseBet(raw: unknown): BetParse<DiceBet> {
  const obj = asRecord(raw);
  if (!obj) return { ok: false, code: 'inhouse.bet.invalid' };
  const amount = readAmount(obj);
  if (!amount.ok) return amount;
  const { target, direction } = obj;
  if (direction !== 'under' && direction !== 'over')
    return { ok: false, code: 'inhouse.bet.directionInvalid' };
  if (typeof target !== 'number' || !Number.isInteger(target) || target < 0 || target >= DICE_OUTCOMES) {
    return { ok: false, code: 'inhouse.bet.targetInvalid' };
  }
  const winning = diceWinningRolls(target, direction);
  if (winning < DICE_MIN_WINNING || winning > DICE_MAX_WINNING)
    return { ok: false, code: 'inhouse.bet.targetInvalid' };
  return { ok: true, bet: { amount: amount.bet, target, direction } };
}

function play(rng: FairRng, bet: DiceBet): Round<DiceOutcome> {
  const roll = rng.int(DICE_OUTCOMES);
  const win = bet.direction === 'under' ? roll < bet.target : roll > bet.target;
  const winning = BigInt(diceWinningRolls(bet.target, bet.direction));
  // multiplier = (1 − edge) × 10000 / winning = RTP_bp / winning, kept as a fraction.
  return win
    ? round({ roll, win }, bet.amount, BigInt(DICE_RTP_BP), winning)
    : round({ roll, win }, bet.amount, 0n, 1n);
}

export const dice: InhouseGame<DiceBet, DiceOutcome> = {
  id: 'dice',
  nameKey: 'inhouse.dice.name',
  statedRtpBp: DICE_RTP_BP,
  help: {
    rulesKeys: [
      'inhouse.dice.rules.roll',
      'inhouse.dice.rules.target',
      'inhouse.dice.rules.payout',
      'inhouse.fair.rules',
    ],
    statedRtpBp: DICE_RTP_BP,
    minBet: MIN_BET,
    maxBet: MAX_BET,
    facts: { houseEdgeBp: 10_000 - DICE_RTP_BP, minChancePct: 1, maxChancePct: 98, maxMultiplier: 99 },
  },
  parseBet,
  play,
  rtpOf: () => DICE_RTP_BP / 10_000,
  simBet: { amount: 1_000_000n, target: 5_000, direction: 'under' },
};
