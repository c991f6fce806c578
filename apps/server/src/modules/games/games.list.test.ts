import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Game,
  GameClassification,
  GameListReply,
  GameVendor,
  VendorConfig,
} from '@panalo/contract/games';
import type { TestApp } from '../../test-support/test-app';
import { caller, gamesTestApp, type Err, type Ok } from './games.test-helpers';

describe('games: catalogue lists', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  const list = (body: Record<string, unknown>, merchant: 'panalo' | 'luzon' = 'panalo') =>
    call<Ok<GameListReply>>('POST', '/api/games/list', { body, merchant });

  beforeAll(async () => {
    t = await gamesTestApp();
    call = caller(t);
  });
  afterAll(async () => t.close());

  it('API-047 API-048 API-049 GAMES-034 a first page of 26 with games, pageNum and totalPages', async () => {
    const res = await list({
      merchant: 'panalo',
      platform: 'html5',
      gameType: 'RNG',
      pageNo: 1,
      pageSize: 26,
    });
    expect(res.status).toBe(200);
    const v = res.body.value;
    expect(v.pageNum).toBe(1);
    expect(v.games).toHaveLength(26);
    expect(v.totalPages).toBe(Math.ceil(378 / 26));
    const g = v.games[0]!;
    expect(Object.keys(g).sort()).toEqual(
      [
        'nodeId',
        'gameName',
        'nodeName',
        'vassalage',
        'gameType',
        'gameId',
        'roomId',
        'showIcon',
        'iconUrl',
        'supportPlay',
        'gameClassifyNew',
        'minBet',
        'lines',
        'isNew',
        'hot',
      ].sort(),
    );
    expect(g.nodeId).toMatch(/^\d+$/);
    expect(v.games.every((x) => x.gameType === 'RNG')).toBe(true);
  });

  it('GAMES-045 pages follow one another without repeats until pageNum reaches totalPages', async () => {
    const seen = new Set<string>();
    let pageNo = 1;
    let totalPages = 1;
    while (pageNo <= totalPages) {
      const v = (await list({ gameType: 'LIVE', pageNo })).body.value;
      totalPages = v.totalPages;
      for (const g of v.games) seen.add(g.nodeId);
      pageNo++;
    }
    expect(totalPages).toBe(Math.ceil(94 / 26));
    expect(seen.size).toBe(94);
    const beyond = (await list({ gameType: 'LIVE', pageNo: 99 })).body.value;
    expect(beyond).toEqual({ games: [], pageNum: 99, totalPages });
  });

  it('names follow the language; TY is the panalo default', async () => {
    const ty = (await list({ gameType: 'INHOUSE' })).body.value.games;
    const en = (await list({ gameType: 'INHOUSE', language: 'en' })).body.value.games;
    expect(en.map((g) => g.gameName)).toContain('Jeepney Gold');
    expect(ty.map((g) => g.gameName)).toContain('Gintong Dyip');
    expect(ty.find((g) => g.gameId === 'jeepney-gold')?.nodeName).toBe('Jeepney Gold');
  });

  it('a language without names falls back to the merchant default; GAMES-033 no name at all gives null and nodeName', async () => {
    const zh = (await list({ gameType: 'INHOUSE', language: 'ZH' })).body.value.games;
    expect(zh.find((g) => g.gameId === 'jeepney-gold')?.gameName).toBe('Gintong Dyip');
    const { id } = await t.ctx.db
      .insertInto('game')
      .values({
        vendor_code: 'PNL',
        game_id: 'nameless',
        game_type: 'INHOUSE',
        node_name: 'Nameless Node',
        sort: 999,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const games = (await list({ gameType: 'INHOUSE', language: 'EN' })).body.value.games;
    expect(games.find((g) => g.nodeId === id.toString())).toMatchObject({
      gameName: null,
      nodeName: 'Nameless Node',
    });
    await t.ctx.db.deleteFrom('game').where('id', '=', id).execute();
  });

  it('GAMES-004 search is server-side, case- and accent-free, every word must match, any language', async () => {
    const names = async (gameName: string, language = 'EN') =>
      (await list({ gameName, language, pageSize: 100 })).body.value.games.map((g) => g.gameName);
    const carabao = await names('  golden   CARABAO ');
    expect(carabao.length).toBeGreaterThan(0);
    expect(carabao.every((n) => /golden carabao/i.test(n ?? ''))).toBe(true);
    expect(await names('kalabaw ginintuang')).toEqual(carabao);
    expect(await names('pérlas maynila')).toEqual(['Pearl of Manila']);
    expect(await names('100%')).toEqual([]);
  });

  it('VALID-035 a whitespace-only search is no search (the whole list)', async () => {
    const all = (await list({ gameType: 'FISH' })).body.value;
    const blank = (await list({ gameType: 'FISH', gameName: '   ' })).body.value;
    expect(blank).toEqual(all);
  });

  it('GAMES-007 GAMES-048 the vendor filter keeps one vendor', async () => {
    const v = (await list({ gameType: 'RNG', vassalage: 'ARW', pageSize: 100 })).body.value;
    expect(v.games.length).toBeGreaterThan(0);
    expect(v.games.every((g) => g.vassalage === 'ARW')).toBe(true);
  });

  it('GAMES-005 GAMES-006 classify: NEW, HOT and a vendor classification', async () => {
    const newOnes = (await list({ gameType: 'RNG', gameClassify: 'NEW', pageSize: 100 })).body.value.games;
    expect(newOnes.length).toBeGreaterThan(0);
    expect(newOnes.every((g) => g.isNew)).toBe(true);
    const isNew = (await list({ gameType: 'RNG', isNew: true, pageSize: 100 })).body.value.games;
    expect(isNew).toEqual(newOnes);
    const hot = (await list({ gameType: 'RNG', gameClassify: 'HOT', pageSize: 100 })).body.value.games;
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.every((g) => g.hot)).toBe(true);
    const mega = (await list({ gameType: 'RNG', gameClassify: 'MEGAWAYS', pageSize: 100 })).body.value.games;
    expect(mega.length).toBeGreaterThan(0);
    expect(mega.every((g) => g.gameClassifyNew === 'MEGAWAYS')).toBe(true);
  });

  it('GAMES-027 minimum bet: games playable at the chosen stake; minLine: at least that many lines', async () => {
    const cheap = (await list({ gameType: 'RNG', minBet: 0.05, pageSize: 100 })).body.value.games;
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((g) => ['0.01', '0.05'].includes(g.minBet))).toBe(true);
    const asText = (await list({ gameType: 'RNG', minBet: '0.05', pageSize: 100 })).body.value.games;
    expect(asText).toEqual(cheap);
    const wide = (await list({ gameType: 'RNG', minLine: 50, pageSize: 100 })).body.value.games;
    expect(wide.length).toBeGreaterThan(0);
    expect(wide.every((g) => (g.lines ?? 0) >= 50)).toBe(true);
  });

  it('the list also answers GET with the same fields in the query', async () => {
    const res = await call<Ok<GameListReply>>('GET', '/api/games/list?gameType=FISH&pageNo=2&pageSize=10');
    expect(res.status).toBe(200);
    expect(res.body.value.pageNum).toBe(2);
    expect(res.body.value.games).toHaveLength(10);
  });

  it('GAMES-046 API-050 the hot list is one page of hot games', async () => {
    const res = await call<Ok<Game[]>>('GET', '/api/games/hot?isPlatform=2&platform=html5&language=EN');
    expect(res.status).toBe(200);
    expect(res.body.value.length).toBeGreaterThan(26);
    expect(res.body.value.every((g) => g.hot)).toBe(true);
    // panalo marks its in-house games hot.
    expect(res.body.value.filter((g) => g.gameType === 'INHOUSE')).toHaveLength(8);
    const live = await call<Ok<Game[]>>('GET', '/api/games/hot?gameType=LIVE');
    expect(live.body.value.every((g) => g.gameType === 'LIVE' && g.hot)).toBe(true);
  });

  it('gameType HOT lists the hot games of every category', async () => {
    const v = (await list({ gameType: 'HOT', pageSize: 100 })).body.value;
    expect(v.games.length).toBeGreaterThan(0);
    expect(v.games.every((g) => g.hot)).toBe(true);
    expect(new Set(v.games.map((g) => g.gameType)).size).toBeGreaterThan(2);
  });

  it('FAV in the list needs a session', async () => {
    const res = await call<Err>('POST', '/api/games/list', { body: { gameClassify: 'FAV' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_logged_in');
  });

  it.each([
    [{ pageNo: 0 }],
    [{ pageSize: 500 }],
    [{ gameType: 'rng; drop' }],
    [{ vassalage: "x' or 1=1" }],
    [{ minBet: '-1' }],
    [{ minBet: '0.001' }],
    [{ platform: 'desktop' }],
    [{ gameName: 'x'.repeat(65) }],
  ])('bad list input %j → 400 validation_failed', async (body) => {
    const res = await call<Err>('POST', '/api/games/list', { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('GAMES-035 vendors carry vassalage, icons, gameCategory and accountTypeName', async () => {
    const res = await call<Ok<GameVendor[]>>('GET', '/api/games/vendors');
    expect(res.status).toBe(200);
    const codes = res.body.value.map((v) => v.vassalage);
    expect(codes).toEqual(expect.arrayContaining(['PNL', 'LOTT', 'KSP', 'TF', 'DS88', 'BYN']));
    const byn = res.body.value.find((v) => v.vassalage === 'BYN')!;
    expect(byn).toEqual({
      vassalage: 'BYN',
      name: 'Bayani Slots',
      mobileSmallIcon: '/api/games/art/vendors/BYN.svg',
      mobileLargeIcon: '/api/games/art/vendors/BYN-lg.svg',
      gameCategory: 'RNG',
      accountTypeName: 'RNG',
    });
  });

  it('GAMES-020 the SPORTS vendors leave out the esports and cockfight vendors', async () => {
    const sports = (await call<Ok<GameVendor[]>>('GET', '/api/games/vendors?gameType=SPORTS')).body.value;
    expect(sports.map((v) => v.vassalage)).toEqual(['KSP', 'PBS']);
    const esports = (await call<Ok<GameVendor[]>>('GET', '/api/games/vendors?gameType=ESPORTS')).body.value;
    expect(esports.map((v) => v.vassalage)).toEqual(['TF']);
  });

  it('GAMES-036 GAMES-053 GAMES-054 GAMES-055 the vendor config follows spec §4’s category order', async () => {
    const v = (await call<Ok<VendorConfig>>('GET', '/api/games/vendor-config')).body.value;
    const order = v.sorting.map((c) => c.gameCategory);
    expect(order.indexOf('ESPORTS')).toBe(order.indexOf('SPORTS') + 1);
    expect(order.indexOf('COCKFIGHT')).toBe(order.indexOf('SPORTS') - 1);
    expect(v.mapping.SPORTS).toEqual(['KSP', 'PBS']);
    expect(v.mapping.ESPORTS).toEqual(['TF']);
    expect(v.mapping.COCKFIGHT).toEqual(['DS88']);
    expect(v.sorting.find((c) => c.gameCategory === 'ESPORTS')?.vendorNames).toEqual([
      { gameType: 'ESPORTS', vassalage: 'TF' },
    ]);
    expect(v.mapping.HOT!.length).toBeGreaterThan(0);
    expect(v.prizeMode).toBe('Lott');
  });

  it('API-046 vendor game types of a category (typeId), named per language', async () => {
    const en = await call<Ok<GameClassification[]>>(
      'GET',
      '/api/games/types?typeId=RNG&merchant_code=panalo&language=EN',
    );
    expect(en.body.value.map((c) => c.code)).toEqual([
      'VIDEO',
      'CLASSIC',
      'MEGAWAYS',
      'JACKPOT',
      'HOLDWIN',
      'TABLE',
    ]);
    const ty = await call<Ok<GameClassification[]>>('GET', '/api/games/types?typeId=RNG');
    expect(ty.body.value.find((c) => c.code === 'TABLE')?.name).toBe('Mga larong mesa');
    expect((await call<Err>('GET', '/api/games/types')).status).toBe(400);
  });

  it('artwork: a deterministic SVG per game and per vendor, cached for a year', async () => {
    const g = (await list({ gameType: 'INHOUSE', language: 'EN' })).body.value.games[0]!;
    expect(g.iconUrl).toBe(`/api/games/art/${g.nodeId}.svg`);
    const a = await call<string>('GET', g.iconUrl);
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toContain('image/svg+xml');
    expect(a.headers['cache-control']).toContain('max-age=31536000');
    expect(a.body).toContain('<svg');
    expect(a.body.length).toBeLessThan(4000);
    expect((await call<string>('GET', g.iconUrl)).body).toBe(a.body);
    const logo = await call<string>('GET', '/api/games/art/vendors/PNL-lg.svg');
    expect(logo.status).toBe(200);
    expect(logo.body).toContain('Panalo Originals');
    expect((await call<Err>('GET', '/api/games/art/999999.svg')).status).toBe(404);
    expect((await call<Err>('GET', '/api/games/art/vendors/NOPE.svg')).status).toBe(404);
    expect((await call<Err>('GET', '/api/games/art/..%2f1.svg')).status).toBe(400);
  });
});
