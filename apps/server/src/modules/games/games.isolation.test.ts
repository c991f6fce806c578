import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game, GameListReply, GameVendor, VendorConfig } from '@panalo/contract/games';
import type { TestApp } from '../../test-support/test-app';
import { caller, gameByCode, gamesTestApp, memberWithToken, type Err, type Ok } from './games.test-helpers';

async function merchantId(t: TestApp, code: string) {
  return (
    await t.ctx.db.selectFrom('merchant').select('id').where('code', '=', code).executeTakeFirstOrThrow()
  ).id;
}

describe('games: per-merchant catalogue', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let hiddenForLuzon: string[];
  const everything = async (merchant: 'panalo' | 'luzon', body: Record<string, unknown> = {}) => {
    const out: Game[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const v = (
        await call<Ok<GameListReply>>('POST', '/api/games/list', {
          merchant,
          body: { ...body, pageNo, pageSize: 100 },
        })
      ).body.value;
      out.push(...v.games);
      if (pageNo >= v.totalPages) return out;
    }
  };

  beforeAll(async () => {
    t = await gamesTestApp();
    call = caller(t);
    const rows = await t.ctx.db
      .selectFrom('merchant_game')
      .select('game_id')
      .where('merchant_id', '=', await merchantId(t, 'luzon'))
      .where('hidden', '=', true)
      .execute();
    hiddenForLuzon = rows.map((r) => r.game_id.toString());
  });
  afterAll(async () => t.close());

  it('merchant A’s hidden games and vendors never appear at A, and still do at B', async () => {
    // Three slot tiles, and the three lottery tiles of games Luzon does not sell (lottery seed).
    expect(hiddenForLuzon).toHaveLength(6);
    const luzon = await everything('luzon');
    const ids = new Set(luzon.map((g) => g.nodeId));
    expect(hiddenForLuzon.filter((id) => ids.has(id))).toEqual([]);
    expect(luzon.some((g) => g.vassalage === 'HMY')).toBe(false);
    const hot = (await call<Ok<Game[]>>('GET', '/api/games/hot', { merchant: 'luzon' })).body.value;
    expect(hot.some((g) => g.vassalage === 'HMY' || hiddenForLuzon.includes(g.nodeId))).toBe(false);
    const vendors = (await call<Ok<GameVendor[]>>('GET', '/api/games/vendors', { merchant: 'luzon' })).body
      .value;
    expect(vendors.map((v) => v.vassalage)).not.toContain('HMY');

    const panalo = [
      ...(await everything('panalo', { gameType: 'RNG' })),
      ...(await everything('panalo', { gameType: 'LOTT' })),
    ];
    const pIds = new Set(panalo.map((g) => g.nodeId));
    expect(hiddenForLuzon.every((id) => pIds.has(id))).toBe(true);
    expect(panalo.some((g) => g.vassalage === 'HMY')).toBe(true);
  });

  it('a hidden game cannot be searched for, favourited or recorded as recent at that merchant', async () => {
    const hidden = hiddenForLuzon[0]!;
    const row = await t.ctx.db
      .selectFrom('game_i18n')
      .select('name')
      .where('game_id', '=', BigInt(hidden))
      .where('lang', '=', 'EN')
      .executeTakeFirstOrThrow();
    const found = await everything('luzon', { gameName: row.name });
    expect(found.map((g) => g.nodeId)).not.toContain(hidden);
    const { token } = await memberWithToken(t, 'luzon');
    const fav = await call<Err>('POST', '/api/games/favourites', {
      merchant: 'luzon',
      token,
      body: { nodeId: hidden, vendor: 'BYN' },
    });
    expect(fav.status).toBe(404);
    expect(fav.body.code).toBe('unknown_game');
    const recent = await call<Err>('GET', `/api/games/recent/add?nodeId=${hidden}`, {
      merchant: 'luzon',
      token,
    });
    expect(recent.status).toBe(404);
  });

  it('a game hidden after it was favourited drops out of the favourites list', async () => {
    const { token } = await memberWithToken(t, 'panalo');
    const dice = (await gameByCode(t, 'PNL', 'dice')).id;
    await call('POST', '/api/games/favourites', { token, body: { nodeId: dice.toString(), vendor: 'PNL' } });
    await t.ctx.db
      .insertInto('merchant_game')
      .values({ merchant_id: await merchantId(t, 'panalo'), game_id: dice, hidden: true })
      .onConflict((oc) => oc.columns(['merchant_id', 'game_id']).doUpdateSet({ hidden: true }))
      .execute();
    const list = await call<Ok<{ content: Game[] }>>('GET', '/api/games/favourites', { token });
    expect(list.body.value.content).toEqual([]);
    await t.ctx.db.updateTable('merchant_game').set({ hidden: false }).where('game_id', '=', dice).execute();
  });

  it('categories the merchant has not enabled are not listed (luzon has no FISH, INHOUSE, ESPORTS)', async () => {
    const luzon = await everything('luzon');
    expect(new Set(luzon.map((g) => g.gameType))).toEqual(new Set(['LIVE', 'RNG', 'PVP', 'LOTT', 'SPORTS']));
    const fish = await call<Ok<GameListReply>>('POST', '/api/games/list', {
      merchant: 'luzon',
      body: { gameType: 'FISH' },
    });
    expect(fish.body.value).toEqual({ games: [], pageNum: 1, totalPages: 0 });
    const config = (await call<Ok<VendorConfig>>('GET', '/api/games/vendor-config', { merchant: 'luzon' }))
      .body.value;
    expect(config.sorting.map((c) => c.gameCategory)).toEqual([
      'HOT',
      'LIVE',
      'RNG',
      'PVP',
      'LOTT',
      'SPORTS',
    ]);
    expect(config.mapping.RNG).toEqual(['BYN', 'ARW']);
  });

  it('a merchant’s own sort order puts its chosen games first', async () => {
    const live = (
      await call<Ok<GameListReply>>('POST', '/api/games/list', {
        merchant: 'luzon',
        body: { gameType: 'LIVE' },
      })
    ).body.value.games;
    expect(live.slice(0, 3).map((g) => g.vassalage)).toEqual(['MNL', 'MNL', 'MNL']);
    const panaloLive = (
      await call<Ok<GameListReply>>('POST', '/api/games/list', { body: { gameType: 'LIVE' } })
    ).body.value.games;
    expect(panaloLive[0]!.vassalage).toBe('LVA');
  });

  it('member A of merchant A is unknown at merchant B', async () => {
    const { token } = await memberWithToken(t, 'panalo');
    const res = await call<Err>('GET', '/api/games/favourites/ids', { merchant: 'luzon', token });
    expect(res.status).toBe(401);
  });
});
