// Baccarat (punto banco) from an 8-deck shoe shuffled per round: the round draws the first six cards of a
// Fisher–Yates shuffle of the 416 cards (the same distribution as the full shuffle's top) and deals by
// the standard tableau. Player pays 1:1, banker 1:1 less 5 % commission, tie 8:1; a tie returns player and
// banker stakes.
import type { FairRng } from '../../fairness/fair-rng';
import type { BetParse, InhouseGame, Round } from '../game';
import { asRecord, MAX_BET, MIN_BET, readAmount, round } from '../game';
import type { BaccaratResult } from './baccarat-rules';
import { cardValue, dealCoup } from './baccarat-rules';

export const BACCARAT_DECKS = 8;
export const BACCARAT_SIDES = ['player', 'banker', 'tie'] as const;
export type BaccaratSide = (typeof BACCARAT_SIDES)[number];

/** RTP by bet, rounded to basis points; the test enumerates every coup of the 8-deck shoe to prove them. */
export const BACCARAT_RTP_BP: Record<BaccaratSide, number> = { player: 9_876, banker: 9_894, tie: 8_564 };

/** The exact RTP of each bet from that enumeration, to 9 digits (pinned by the test). */
export const BACCARAT_EXACT_RTP: Record<BaccaratSide, number> = {
  player: 0.987649187,
  banker: 0.989420942,
  tie: 0.856403712,
};

/** Payout in hundredths of the stake, by bet side and result. */
const PAYS: Record<BaccaratSide, Record<BaccaratResult, number>> = {
  player: { player: 200, banker: 0, tie: 100 },
  banker: { player: 0, banker: 195, tie: 100 },
  tie: { player: 0, banker: 0, tie: 900 },
};

/** A card is 0–415: rank = i % 13 + 1, suit = ⌊i / 13⌋ % 4. */
const SHOE = Array.from({ length: 52 * BACCARAT_DECKS }, (_, i) => i);

export interface BaccaratBet {
  amount: bigint;
  side: BaccaratSide;
}

export interface CardFace {
  rank: number;
  suit: number;
}

export interface BaccaratOutcome {
  player: CardFace[];
  banker: CardFace[];
  playerTotal: number;
  bankerTotal: number;
  result: BaccaratResult;
}

export function baccaratPays(side: BaccaratSide, result: BaccaratResult): number {
  return PAYS[side][result];
}

function parseBet(raw: unknown): BetParse<BaccaratBet> {
  const obj = asRecord(raw);
  if (!obj) return { ok: false, code: 'inhouse.bet.invalid' };
  const amount = readAmount(obj);
  if (!amount.ok) return amount;
  const side = BACCARAT_SIDES.find((s) => s === obj.side);
  if (!side) return { ok: false, code: 'inhouse.bet.sideInvalid' };
  return { ok: true, bet: { amount: amount.bet, side } };
}

function play(rng: FairRng, bet: BaccaratBet): Round<BaccaratOutcome> {
  const top = rng.sample(SHOE, 6).map((c) => ({ rank: (c % 13) + 1, suit: Math.floor(c / 13) % 4 }));
  let i = 0;
  const dealt: CardFace[] = [];
  const coup = dealCoup(() => {
    const card = top[i]!;
    i += 1;
    dealt.push(card);
    return cardValue(card.rank);
  });
  // dealCoup draws P, B, P, B, then the player's third (if any) before the banker's.
  const player = [dealt[0]!, dealt[2]!];
  const banker = [dealt[1]!, dealt[3]!];
  let k = 4;
  if (coup.player.length === 3) player.push(dealt[k++]!);
  if (coup.banker.length === 3) banker.push(dealt[k]!);
  const outcome = {
    player,
    banker,
    playerTotal: coup.playerTotal,
    bankerTotal: coup.bankerTotal,
    result: coup.result,
  };
  return round(outcome, bet.amount, BigInt(baccaratPays(bet.side, coup.result)), 100n);
}

export const baccarat: InhouseGame<BaccaratBet, BaccaratOutcome> = {
  id: 'baccarat',
  nameKey: 'inhouse.baccarat.name',
  statedRtpBp: BACCARAT_RTP_BP.banker,
  help: {
    rulesKeys: [
      'inhouse.baccarat.rules.deal',
      'inhouse.baccarat.rules.thirdCard',
      'inhouse.baccarat.rules.payouts',
      'inhouse.fair.rules',
    ],
    statedRtpBp: BACCARAT_RTP_BP.banker,
    minBet: MIN_BET,
    maxBet: MAX_BET,
    facts: {
      decks: BACCARAT_DECKS,
      playerRtpBp: BACCARAT_RTP_BP.player,
      bankerRtpBp: BACCARAT_RTP_BP.banker,
      tieRtpBp: BACCARAT_RTP_BP.tie,
      bankerCommissionPct: 5,
      tiePays: '8:1',
    },
  },
  parseBet,
  play,
  rtpOf: (bet) => BACCARAT_EXACT_RTP[bet.side],
  simBet: { amount: 1_000_000n, side: 'banker' },
};
