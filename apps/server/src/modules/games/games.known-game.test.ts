import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import type { VendorRow } from '../game-wallet/game-wallet.repository';
import { catalogueGameCheck } from './games.known-game';
import { gamesTestApp } from './games.test-helpers';

describe('games: the wallet’s known-game check', () => {
  let t: TestApp;
  const vendorAt = async (merchant: string): Promise<VendorRow> => {
    const row = await t.ctx.db
      .selectFrom('game_vendor as gv')
      .innerJoin('merchant as m', 'm.id', 'gv.merchant_id')
      .select([
        'gv.id',
        'gv.merchant_id',
        'gv.code',
        'gv.name',
        'gv.hmac_secret',
        'gv.allowed_ips',
        'gv.enabled',
      ])
      .where('m.code', '=', merchant)
      .where('gv.code', '=', 'PSIM')
      .executeTakeFirstOrThrow();
    return row;
  };
  beforeAll(async () => {
    t = await gamesTestApp();
  });
  afterAll(async () => t.close());

  it('knows the games the simulator hosts, not other codes nor our own in-house games', async () => {
    const check = catalogueGameCheck(t.ctx.db, 0);
    const psim = await vendorAt('panalo');
    const some = await t.ctx.db
      .selectFrom('game')
      .select('game_id')
      .where('vendor_code', '=', 'KDG')
      .executeTakeFirstOrThrow();
    expect(await check(psim, some.game_id)).toBe(true);
    expect(await check(psim, 'no-such-game')).toBe(false);
    expect(await check(psim, 'crash')).toBe(false);
  });

  it('refuses a game the integration’s merchant hides (luzon hides the HMY studio)', async () => {
    const check = catalogueGameCheck(t.ctx.db, 0);
    const hmy = await t.ctx.db
      .selectFrom('game')
      .select('game_id')
      .where('vendor_code', '=', 'HMY')
      .executeTakeFirstOrThrow();
    expect(await check(await vendorAt('panalo'), hmy.game_id)).toBe(true);
    expect(await check(await vendorAt('luzon'), hmy.game_id)).toBe(false);
  });

  it('caches an answer for the given time', async () => {
    let clock = 0;
    const check = catalogueGameCheck(t.ctx.db, 1000, () => clock);
    const psim = await vendorAt('panalo');
    const g = await t.ctx.db
      .selectFrom('game')
      .select(['id', 'game_id'])
      .where('vendor_code', '=', 'ARW')
      .executeTakeFirstOrThrow();
    expect(await check(psim, g.game_id)).toBe(true);
    await t.ctx.db.updateTable('game').set({ enabled: false }).where('id', '=', g.id).execute();
    expect(await check(psim, g.game_id)).toBe(true);
    clock = 1001;
    expect(await check(psim, g.game_id)).toBe(false);
    await t.ctx.db.updateTable('game').set({ enabled: true }).where('id', '=', g.id).execute();
  });
});
