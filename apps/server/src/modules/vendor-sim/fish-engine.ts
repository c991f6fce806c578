import { formatAmount } from '@panalo/contract/money';
import { titleRng, type Engine } from './engine-kit';

// Name, multiplier and colour (the page draws each fish as a small SVG, bigger for bigger prizes).
const SPECIES = [
  ['#ff7f11', 'Clownfish', 2],
  ['#2d7dd2', 'Tang', 3],
  ['#f4d35e', 'Pufferfish', 5],
  ['#e26d5c', 'Squid', 6],
  ['#3bb273', 'Turtle', 8],
  ['#9d4edd', 'Octopus', 10],
  ['#8d99ae', 'Shark', 20],
  ['#277da1', 'Whale', 50],
  ['#ffd60a', 'Golden Dragon', 100],
] as const;

export interface Fish {
  colour: string;
  name: string;
  /** What a hit pays, times the shot's stake. */
  multiplier: number;
  /** Chance of a hit, in millionths: return ÷ multiplier. */
  hitPpm: number;
}

/** A title's sea: five kinds of fish seeded from its code, each hit returning the same 94–97 %. */
export function fishSea(gameCode: string): Fish[] {
  const r = titleRng(gameCode, 'fish');
  const rtp = 0.94 + r() * 0.03;
  return SPECIES.map((s) => ({ s, k: r() }))
    .sort((a, b) => a.k - b.k)
    .slice(0, 5)
    .map((x) => x.s)
    .sort((a, b) => a[2] - b[2])
    .map(([colour, name, multiplier]) => ({
      colour,
      name,
      multiplier,
      hitPpm: Math.floor((rtp * 1_000_000) / multiplier),
    }));
}

/** The fishing shooter: each shot at a fish costs the stake; a hit pays stake × the fish's multiplier. */
export function fishEngine(gameCode: string): Engine {
  const sea = fishSea(gameCode);
  return {
    kind: 'fish',
    rtp: Math.max(...sea.map((f) => (f.hitPpm / 1_000_000) * f.multiplier)),
    info: { fish: sea.map(({ colour, name, multiplier }) => ({ colour, name, multiplier })) },
    play(stake, pick, rand) {
      const index = pick === undefined ? -1 : Number.parseInt(pick, 10);
      const fish = sea[index];
      if (!fish || String(index) !== pick) return null;
      const hit = rand(1_000_000) < fish.hitPpm;
      const win = hit ? stake * BigInt(fish.multiplier) : 0n;
      return { win, detail: { fish: index, hit, payout: formatAmount(win) } };
    },
  };
}
