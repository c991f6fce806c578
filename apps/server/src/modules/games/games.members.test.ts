import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavouritesReply, GameListReply, RecentReply } from '@panalo/contract/games';
import type { TestApp } from '../../test-support/test-app';
import { RECENT_KEEP } from './games.repository';
import { caller, gameByCode, gamesTestApp, memberWithToken, type Err, type Ok } from './games.test-helpers';

describe('games: favourites and recents', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let a: string;
  let b: string;
  let crash: string;
  let dice: string;
  let slot: string;

  beforeAll(async () => {
    t = await gamesTestApp();
    call = caller(t);
    a = (await memberWithToken(t)).token;
    b = (await memberWithToken(t)).token;
    crash = (await gameByCode(t, 'PNL', 'crash')).id.toString();
    dice = (await gameByCode(t, 'PNL', 'dice')).id.toString();
    slot = (await gameByCode(t, 'PNL', 'pearl-of-manila')).id.toString();
  });
  afterAll(async () => t.close());

  const add = (token: string, nodeId: string, vendor = 'PNL') =>
    call<Ok<string[]>>('POST', '/api/games/favourites', { token, body: { nodeId, vendor } });
  const remove = (token: string, nodeId: string, vendor = 'PNL') =>
    call<Ok<string[]>>('DELETE', `/api/games/favourites?nodeId=${nodeId}&vendor=${vendor}`, { token });
  const ids = async (token: string) =>
    (await call<Ok<string[]>>('GET', '/api/games/favourites/ids', { token })).body.value;

  it('GAMES-040 API-053 GAMES-038 adding (POST nodeId, vendor) answers the ids as strings, newest first', async () => {
    const first = await add(a, crash);
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual([crash]);
    t.clock.advance(1000);
    const second = await add(a, dice);
    expect(second.body.value).toEqual([dice, crash]);
    expect(second.body.value.every((id) => typeof id === 'string')).toBe(true);
  });

  it('GAMES-042 adding an id already present keeps it once', async () => {
    const again = await add(a, crash);
    expect(again.status).toBe(200);
    expect(again.body.value.filter((id) => id === crash)).toHaveLength(1);
    expect(await ids(a)).toHaveLength(2);
  });

  it('API-051 API-052 the favourites list: content, pageNum, totalPages; filtered by gameType', async () => {
    const res = await call<Ok<FavouritesReply>>(
      'GET',
      '/api/games/favourites?pageNo=1&pageSize=26&language=EN',
      {
        token: a,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.value.pageNum).toBe(1);
    expect(res.body.value.totalPages).toBe(1);
    expect(res.body.value.content.map((g) => g.gameId).sort()).toEqual(['crash', 'dice']);
    const rng = await call<Ok<FavouritesReply>>('GET', '/api/games/favourites?gameType=RNG', { token: a });
    expect(rng.body.value).toEqual({ content: [], pageNum: 1, totalPages: 0 });
    const fav = await call<Ok<GameListReply>>('POST', '/api/games/list', {
      token: a,
      body: { gameClassify: 'FAV' },
    });
    expect(fav.body.value.games.map((g) => g.nodeId).sort()).toEqual([crash, dice].sort());
  });

  it('GAMES-039 API-053 removing (DELETE nodeId, vendor) answers the ids without it; twice is harmless', async () => {
    const res = await remove(a, dice);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual([crash]);
    expect((await remove(a, dice)).body.value).toEqual([crash]);
  });

  it('a DELETE may carry nodeId and vendor as a JSON body; missing either → 400', async () => {
    await add(a, dice);
    const res = await call<Ok<string[]>>('DELETE', '/api/games/favourites', {
      token: a,
      body: { nodeId: dice, vendor: 'PNL' },
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual([crash]);
    const missing = await call<Err>('DELETE', `/api/games/favourites?nodeId=${dice}`, { token: a });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_failed');
    expect(
      (await call<Err>('DELETE', '/api/games/favourites?nodeId=x&vendor=PNL', { token: a })).status,
    ).toBe(400);
  });

  it('isolation: member A’s favourites are never visible to member B', async () => {
    expect(await ids(b)).toEqual([]);
    const list = await call<Ok<FavouritesReply>>('GET', '/api/games/favourites', { token: b });
    expect(list.body.value.content).toEqual([]);
    // B removing A's favourite id touches only B's list.
    await remove(b, crash);
    expect(await ids(a)).toEqual([crash]);
  });

  it('GAMES-041 favourites and recents need a session (401 not_logged_in)', async () => {
    for (const [method, url] of [
      ['GET', '/api/games/favourites'],
      ['GET', '/api/games/favourites/ids'],
      ['POST', '/api/games/favourites'],
      ['DELETE', `/api/games/favourites?nodeId=${crash}&vendor=PNL`],
      ['GET', '/api/games/recent'],
      ['GET', `/api/games/recent/add?nodeId=${crash}`],
    ] as const) {
      const res = await call<Err>(
        method,
        url,
        method === 'POST' ? { body: { nodeId: crash, vendor: 'PNL' } } : {},
      );
      expect(res.status, url).toBe(401);
      expect(res.body.code).toBe('not_logged_in');
    }
  });

  it('bad favourite input → 400; an unknown game or a wrong vendor → 404 unknown_game', async () => {
    expect((await call<Err>('POST', '/api/games/favourites', { token: a, body: { nodeId: 5 } })).status).toBe(
      400,
    );
    expect((await add(a, 'abc')).status).toBe(400);
    expect((await add(a, crash, 'lower')).status).toBe(400);
    const unknown = await add(a, '99999999');
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as Err).code).toBe('unknown_game');
    expect((await add(a, crash, 'BYN')).status).toBe(404);
  });

  it('API-055 API-056 API-057 recents: added by GET, listed newest first (list, totalPages), page size 25', async () => {
    expect(
      (await call<Ok<object>>('GET', `/api/games/recent/add?nodeId=${crash}&vendor=PNL`, { token: a }))
        .status,
    ).toBe(200);
    t.clock.advance(1000);
    await call('GET', `/api/games/recent/add?nodeId=${slot}`, { token: a });
    t.clock.advance(1000);
    await call('GET', `/api/games/recent/add?nodeId=${crash}`, { token: a });
    const res = await call<Ok<RecentReply>>(
      'GET',
      '/api/games/recent?page=1&pageSize=25&clientType=2&language=EN',
      {
        token: a,
      },
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.value).sort()).toEqual(['list', 'totalPages']);
    expect(res.body.value.list.map((g) => g.gameId)).toEqual(['crash', 'pearl-of-manila']);
    expect(res.body.value.totalPages).toBe(1);
    const empty = await call<Ok<RecentReply>>('GET', '/api/games/recent', { token: b });
    expect(empty.body.value).toEqual({ list: [], totalPages: 0 });
    expect((await call<Err>('GET', '/api/games/recent/add?nodeId=99999999', { token: a })).status).toBe(404);
  });

  it('GAMES-003 a player has a favourites list and a recent-games list of their own', async () => {
    const c = (await memberWithToken(t)).token;
    await add(c, dice);
    await call('GET', `/api/games/recent/add?nodeId=${slot}&vendor=PNL`, { token: c });
    const favourites = await call<Ok<FavouritesReply>>('GET', '/api/games/favourites?pageNo=1&pageSize=20', {
      token: c,
    });
    expect(favourites.body.value.content.map((g) => g.nodeId)).toEqual([dice]);
    const recents = await call<Ok<RecentReply>>('GET', '/api/games/recent?page=1&pageSize=25', { token: c });
    expect(recents.body.value.list.map((g) => g.nodeId)).toEqual([slot]);
  });

  it(`a member keeps the newest ${RECENT_KEEP} recent games`, async () => {
    const { member, token } = await memberWithToken(t);
    const games = await t.ctx.db
      .selectFrom('game')
      .select('id')
      .where('game_type', '=', 'RNG')
      .orderBy('id')
      .limit(RECENT_KEEP + 5)
      .execute();
    await t.ctx.db
      .insertInto('recent')
      .values(
        games.map((g, i) => ({
          merchant_id: member.merchant_id,
          member_id: member.id,
          game_id: g.id,
          played_at: new Date(t.clock.now().getTime() - (i + 1) * 60_000),
        })),
      )
      .execute();
    await call('GET', `/api/games/recent/add?nodeId=${crash}`, { token });
    const kept = await t.ctx.db
      .selectFrom('recent')
      .select(['game_id'])
      .where('member_id', '=', member.id)
      .execute();
    expect(kept).toHaveLength(RECENT_KEEP);
    const ids = new Set(kept.map((k) => k.game_id.toString()));
    expect(ids.has(crash)).toBe(true);
    expect(ids.has(games[0]!.id.toString())).toBe(true);
    expect(ids.has(games.at(-1)!.id.toString())).toBe(false);
  });

  it('recent page size defaults to 25', async () => {
    const db = t.ctx.db;
    const { member, token } = await memberWithToken(t);
    const games = await db.selectFrom('game').select('id').where('game_type', '=', 'RNG').limit(30).execute();
    await db
      .insertInto('recent')
      .values(
        games.map((g, i) => ({
          merchant_id: member.merchant_id,
          member_id: member.id,
          game_id: g.id,
          played_at: new Date(t.clock.now().getTime() - i * 1000),
        })),
      )
      .execute();
    const res = await call<Ok<RecentReply>>('GET', '/api/games/recent', { token });
    expect(res.body.value.list).toHaveLength(25);
    expect(res.body.value.totalPages).toBe(2);
  });
});
