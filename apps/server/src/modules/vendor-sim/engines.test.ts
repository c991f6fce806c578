import { describe, expect, it } from 'vitest';
import type { RandomInt } from './engine-kit';
import { engineFor } from './engines';
import { fishSea } from './fish-engine';
import { PAYLINES, slotPaytable, slotRtp } from './slot-engine';
import { matchMarket } from './table-engines';

/** Scripted randomness: the given values in turn, then 0. */
const scripted =
  (...values: number[]): RandomInt =>
  (max) => {
    const v = values.shift() ?? 0;
    if (v >= max) throw new Error(`scripted ${v} out of range ${max}`);
    return v;
  };

const SLOTS = ['byn-golden-carabao', 'arw-lucky-mango', 'hmy-jeepney-king', 'byn-pearl-megaways', 'arw-x'];

describe('vendor simulator engines', () => {
  it('GAMES-051 slot paytables differ per title and return 90–98 % to the player', () => {
    const tables = SLOTS.map((code) => slotPaytable(code));
    expect(new Set(tables.map((t) => JSON.stringify(t))).size).toBe(SLOTS.length);
    for (const t of tables) {
      expect(t).toHaveLength(6);
      const rtp = slotRtp(t);
      expect(rtp).toBeGreaterThan(0.9);
      expect(rtp).toBeLessThan(0.98);
      // Rarer symbols pay at least as much for five of a kind.
      const byWeight = [...t].sort((a, b) => b.weight - a.weight);
      expect(byWeight.at(-1)!.pays[2]).toBeGreaterThanOrEqual(byWeight[0]!.pays[2]);
    }
    expect(slotPaytable(SLOTS[0]!)).toEqual(tables[0]);
  });

  it('GAMES-051 a slot spin pays every line left to right at stake ÷ lines × the multiplier', () => {
    const engine = engineFor('RNG', SLOTS[0]!);
    const table = slotPaytable(SLOTS[0]!);
    // Every cell the first symbol: five lines of five of a kind.
    const all = engine.play(1000n, undefined, scripted())!;
    const five = BigInt(table[0]!.pays[2]);
    expect(all.win).toBe(((1000n * five) / 500n) * BigInt(PAYLINES.length));
    expect((all.detail.wins as unknown[]).length).toBe(5);
    // A losing grid: the first reel differs from the second on every line.
    const total = table.reduce((s, x) => s + x.weight, 0);
    const second = table[0]!.weight; // first draw of symbol 1
    const cells: number[] = [];
    for (let reel = 0; reel < 5; reel++) for (let row = 0; row < 3; row++) cells.push(reel % 2 ? second : 0);
    const lose = engine.play(1000n, undefined, scripted(...cells))!;
    expect(lose.win).toBe(0n);
    expect(total).toBeGreaterThan(second);
  });

  it('GAMES-051 the card table pays 2.00 on the higher card and 12.00 on a tie; a bad pick is refused', () => {
    const cards = engineFor('LIVE', 'lva-dragontiger-1');
    // Dragon K♠ against Tiger 5♥.
    const dragonWins = cards.play(500n, 'dragon', scripted(12, 0, 4, 1))!;
    expect(dragonWins).toMatchObject({ win: 1000n, detail: { result: 'dragon', dragon: 'K♠', tiger: '5♥' } });
    expect(cards.play(500n, 'tiger', scripted(12, 0, 4, 1))!.win).toBe(0n);
    expect(cards.play(500n, 'tie', scripted(3, 0, 3, 2))!.win).toBe(6000n);
    expect(cards.play(500n, 'dragon', scripted(3, 0, 3, 2))!.win).toBe(0n);
    expect(cards.play(500n, 'banker', scripted())).toBeNull();
    expect(cards.rtp).toBeCloseTo(12 / 13, 6);
  });

  it('GAMES-051 sports, e-sports and cockfight markets state odds at a 94 % return and pay the drawn outcome', () => {
    for (const [code, type, ids] of [
      ['ksp-basketball', 'SPORTS', ['home', 'draw', 'away']],
      ['tf-mobile-legends', 'ESPORTS', ['home', 'away']],
      ['ds88-arena-1', 'COCKFIGHT', ['meron', 'wala', 'draw']],
    ] as const) {
      const market = matchMarket(code, type);
      expect(market.map((o) => o.id)).toEqual(ids);
      expect(market.reduce((s, o) => s + o.chance, 0)).toBe(1000);
      for (const o of market) expect(o.chance * o.odds).toBeLessThanOrEqual(94_000);
      const engine = engineFor(type, code);
      const first = market[0]!;
      // A draw below the first outcome's chance picks it.
      expect(engine.play(1000n, first.id, scripted(0))!).toMatchObject({
        win: (1000n * BigInt(first.odds)) / 100n,
        detail: { result: first.id },
      });
      expect(engine.play(1000n, first.id, scripted(999))!.win).toBe(0n);
      expect(engine.play(1000n, 'nobody', scripted())).toBeNull();
    }
  });

  it('GAMES-051 a fishing shot hits with chance return ÷ multiplier and pays stake × multiplier', () => {
    const sea = fishSea('kdg-ocean-king');
    expect(sea).toHaveLength(5);
    expect(JSON.stringify(fishSea('kdg-deep-blue'))).not.toBe(JSON.stringify(sea));
    const engine = engineFor('FISH', 'kdg-ocean-king');
    const big = sea.length - 1;
    const f = sea[big]!;
    expect((f.hitPpm / 1e6) * f.multiplier).toBeGreaterThan(0.93);
    expect(engine.play(200n, String(big), scripted(f.hitPpm - 1))!).toMatchObject({
      win: 200n * BigInt(f.multiplier),
      detail: { hit: true },
    });
    expect(engine.play(200n, String(big), scripted(f.hitPpm))!).toMatchObject({
      win: 0n,
      detail: { hit: false },
    });
    for (const bad of [undefined, '9', '-1', '1.5', 'x'])
      expect(engine.play(200n, bad, scripted())).toBeNull();
  });
});
