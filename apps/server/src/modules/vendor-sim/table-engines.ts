import { formatAmount } from '@panalo/contract/money';
import { applyMultiplier, titleRng, type Engine } from './engine-kit';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** Stated odds (decimal, stake included) in hundredths. */
export const CARD_ODDS = { dragon: 200, tiger: 200, tie: 1200 } as const;
type CardPick = keyof typeof CARD_ODDS;

/**
 * Dragon Tiger, the card table of the card and live-casino titles: one card each for Dragon and Tiger
 * from an endless shoe (every rank 1/13, aces low); the higher card wins, a tie pays the tie bet and
 * loses the others. Every bet returns 12/13 ≈ 92.3 %.
 */
export function cardsEngine(): Engine {
  const card = (rand: (n: number) => number) => ({ rank: rand(13), suit: rand(4) });
  const label = (c: { rank: number; suit: number }) => `${RANKS[c.rank]}${SUITS[c.suit]}`;
  return {
    kind: 'cards',
    rtp: 12 / 13,
    info: {
      picks: Object.entries(CARD_ODDS).map(([id, odds]) => ({ id, odds: (odds / 100).toFixed(2) })),
    },
    play(stake, pick, rand) {
      if (pick !== 'dragon' && pick !== 'tiger' && pick !== 'tie') return null;
      const dragon = card(rand);
      const tiger = card(rand);
      const result: CardPick =
        dragon.rank === tiger.rank ? 'tie' : dragon.rank > tiger.rank ? 'dragon' : 'tiger';
      const win = result === pick ? applyMultiplier(stake, CARD_ODDS[pick]) : 0n;
      return {
        win,
        detail: { pick, result, dragon: label(dragon), tiger: label(tiger), payout: formatAmount(win) },
      };
    },
  };
}

export interface MatchOutcome {
  id: string;
  /** Chance in thousandths. */
  chance: number;
  /** Decimal odds in hundredths (stake included). */
  odds: number;
}

const MARGIN = 0.94;

/** A title's market: two or three outcomes with chances seeded from its code and odds at a 94 % return. */
export function matchMarket(gameCode: string, gameType: string): MatchOutcome[] {
  const r = titleRng(gameCode, 'match');
  const ids =
    gameType === 'COCKFIGHT'
      ? ['meron', 'wala', 'draw']
      : gameType === 'ESPORTS'
        ? ['home', 'away']
        : ['home', 'draw', 'away'];
  const sides = ids.filter((id) => id !== 'draw');
  const draw = ids.includes('draw') ? (gameType === 'COCKFIGHT' ? 40 : 150) + Math.floor(r() * 100) : 0;
  const first = Math.floor((1000 - draw) * (0.35 + r() * 0.3));
  const chances: Record<string, number> = { draw, [sides[0]!]: first, [sides[1]!]: 1000 - draw - first };
  return ids.map((id) => ({
    id,
    chance: chances[id]!,
    odds: Math.floor((MARGIN * 100_000) / chances[id]!),
  }));
}

/** Sports, e-sports and cockfight: bet on one outcome at stated odds; the outcome drawn by its chance. */
export function matchEngine(gameCode: string, gameType: string): Engine {
  const market = matchMarket(gameCode, gameType);
  return {
    kind: 'match',
    rtp: Math.max(...market.map((o) => (o.chance / 1000) * (o.odds / 100))),
    info: {
      picks: market.map((o) => ({ id: o.id, odds: (o.odds / 100).toFixed(2), chance: o.chance / 10 })),
    },
    play(stake, pick, rand) {
      const chosen = market.find((o) => o.id === pick);
      if (!chosen) return null;
      let n = rand(1000);
      let result = market[market.length - 1]!;
      for (const o of market) {
        if (n < o.chance) {
          result = o;
          break;
        }
        n -= o.chance;
      }
      const win = result.id === chosen.id ? applyMultiplier(stake, chosen.odds) : 0n;
      return { win, detail: { pick: chosen.id, result: result.id, payout: formatAmount(win) } };
    },
  };
}
