import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CATEGORIES } from '@panalo/contract/content';
import type { TestApp } from '../../test-support/test-app';
import { gamesTestApp } from './games.test-helpers';
import { seedGames } from './games.seed';
import { demoCatalogue } from './seed/catalogue';

describe('games: demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await gamesTestApp();
  });
  afterAll(async () => t.close());

  const countByType = async () => {
    const rows = await t.ctx.db
      .selectFrom('game')
      .select(['game_type'])
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .groupBy('game_type')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.game_type, Number(r.n)]));
  };

  it('GAMES-001 GAMES-002 more than 600 games over every category of spec §1', async () => {
    const counts = await countByType();
    expect(counts).toEqual({
      RNG: 378,
      LIVE: 94,
      FISH: 30,
      PVP: 48,
      SPORTS: 24,
      ESPORTS: 12,
      COCKFIGHT: 8,
      INHOUSE: 8,
      LOTT: 7,
    });
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(600);
    // HOT is a view over every category: hot games exist in several.
    const hot = await t.ctx.db
      .selectFrom('game')
      .select('game_type')
      .distinct()
      .where('hot', '=', true)
      .execute();
    expect(hot.length).toBeGreaterThan(4);
    for (const c of GAME_CATEGORIES.filter((x) => x !== 'HOT')) expect(counts[c], c).toBeGreaterThan(0);
  });

  it('every game has an EN and a TY name, unique per vendor', async () => {
    const rows = await t.ctx.db
      .selectFrom('game_i18n')
      .select('lang')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .groupBy('lang')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.lang, Number(r.n)]))).toEqual({ EN: 609, TY: 609 });
    const games = demoCatalogue();
    expect(new Set(games.map((g) => `${g.vendor}/${g.en}`)).size).toBe(games.length);
    expect(new Set(games.map((g) => `${g.vendor}/${g.gameId}`)).size).toBe(games.length);
  });

  it('the in-house games carry the ids the game maths uses and play on the internal wallet vendor; the simulator hosts the studios', async () => {
    const inhouse = await t.ctx.db
      .selectFrom('game')
      .select('game_id')
      .where('vendor_code', '=', 'PNL')
      .orderBy('id')
      .execute();
    expect(inhouse.map((g) => g.game_id)).toEqual([
      'crash',
      'dice',
      'mines',
      'plinko',
      'baccarat',
      'pearl-of-manila',
      'jeepney-gold',
      'fiesta-fruits',
    ]);
    const vendors = await t.ctx.db.selectFrom('vendor').select(['code', 'wallet_vendor_code']).execute();
    for (const v of vendors)
      expect(v.wallet_vendor_code, v.code).toBe(v.code === 'LOTT' ? null : v.code === 'PNL' ? 'PNL' : 'PSIM');
    const psim = await t.ctx.db.selectFrom('game_vendor').select('code').where('code', '=', 'PSIM').execute();
    expect(psim.length).toBeGreaterThan(0);
  });

  it('is deterministic and runs twice without change', async () => {
    expect(demoCatalogue()).toEqual(demoCatalogue());
    const before = await countByType();
    const overrides = await t.ctx.db
      .selectFrom('merchant_game')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await seedGames(t.ctx.db);
    expect(await countByType()).toEqual(before);
    const after = await t.ctx.db
      .selectFrom('merchant_game')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(overrides.n));
  });
});
