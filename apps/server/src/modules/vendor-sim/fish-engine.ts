import { formatAmount } from '@panalo/contract/money';
import { titleRng, type Engine } from './engine-kit';

const SPECIES = [
  ['🐠', 'Clownfish', 2],
  ['🐟', 'Tang', 3],
  ['🐡', 'Pufferfish', 5],
  ['🦑', 'Squid', 6],
  ['🐢', 'Turtle', 8],
  ['🐙', 'Octopus', 10],
  ['🦈', 'Shark', 20],
  ['🐋', 'Whale', 50],
  ['🐉', 'Golden Dragon', 100],
] as const;

export interface Fish {
  glyph: string;
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
    .map(([glyph, name, multiplier]) => ({
      glyph,
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
    info: { fish: sea.map(({ glyph, name, multiplier }) => ({ glyph, name, multiplier })) },
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
