import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game, GameListReply, GameVendor } from '@panalo/contract/games';
import type { OpsGame, OpsVendor } from '@panalo/contract/games-ops';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { caller, gamesTestApp, HOSTS, memberWithToken, type Err, type Ok } from './games.test-helpers';

type Page = { list: OpsGame[]; total: number; totalPages: number };

// Issue 20 screen 7: the operator's game catalogue. Each site hides games and vendors, orders them and
// marks games hot for itself; the member site follows at once, the other sites never.

describe('the operator’s game catalogue', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let ops: string;
  let luzonOps: string;
  beforeAll(async () => {
    t = await gamesTestApp();
    call = caller(t);
    ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
    luzonOps = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR, merchant: 'luzon' }));
  });
  afterAll(async () => t.close());

  const opsCall = <T>(
    method: 'GET' | 'PUT',
    url: string,
    o: { body?: unknown; merchant?: 'panalo' | 'luzon'; token?: string } = {},
  ) =>
    t.request<Ok<T> | Err>({
      method,
      url: `/api${url}`,
      headers: {
        host: HOSTS[o.merchant ?? 'panalo'],
        ...bearer(o.token ?? (o.merchant === 'luzon' ? luzonOps : ops)),
      },
      ...(o.body === undefined ? {} : { payload: o.body as Record<string, unknown> }),
    });
  const value = <T>(r: { body: Ok<T> | Err }) => {
    if (!r.body.success) throw new Error(JSON.stringify(r.body));
    return r.body.value;
  };
  const memberGames = async (merchant: 'panalo' | 'luzon', gameType: string) => {
    const out: Game[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const v = value(
        await call<Ok<GameListReply>>('POST', '/api/games/list', {
          merchant,
          body: { gameType, pageNo, pageSize: 100 },
        }),
      );
      out.push(...v.games);
      if (pageNo >= v.totalPages) return out;
    }
  };

  it('lists the platform’s games page by page with this site’s settings; finds them by words and vendor', async () => {
    const first = value(await opsCall<Page>('GET', '/ops/games?pageSize=10'));
    expect(first.list).toHaveLength(10);
    expect(first.totalPages).toBe(Math.ceil(first.total / 10));
    const enabled = await t.ctx.db
      .selectFrom('game')
      .innerJoin('vendor', 'vendor.code', 'game.vendor_code')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('game.enabled', '=', true)
      .where('vendor.enabled', '=', true)
      .executeTakeFirstOrThrow();
    expect(first.total).toBe(Number(enabled.n));
    const sorts = first.list.map((g) => g.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));

    const g = first.list[0]!;
    const byVendor = value(await opsCall<Page>('GET', `/ops/games?vendor=${g.vendor}&pageSize=100`));
    expect(byVendor.list.every((x) => x.vendor === g.vendor)).toBe(true);
    const word = g.name.split(/\s+/)[0]!;
    const found = value(await opsCall<Page>('GET', `/ops/games?q=${encodeURIComponent(word)}&pageSize=100`));
    expect(found.list.map((x) => x.id)).toContain(g.id);
    const past = value(await opsCall<Page>('GET', `/ops/games?page=${first.totalPages + 5}&pageSize=10`));
    expect(past).toMatchObject({ list: [], total: first.total });
  });

  it('hides a game on this site only: the member site drops it, the other site keeps it; audited before → after', async () => {
    const slots = await memberGames('panalo', 'RNG');
    const target = slots[slots.length - 1]!;
    const saved = value(
      await opsCall<OpsGame>('PUT', `/ops/games/${target.nodeId}`, {
        body: { hidden: true, hot: null, sort: null },
      }),
    );
    expect(saved).toMatchObject({ id: target.nodeId, hidden: true, siteHot: null, siteSort: null });
    expect((await memberGames('panalo', 'RNG')).map((x) => x.nodeId)).not.toContain(target.nodeId);
    const hidden = value(await opsCall<Page>('GET', '/ops/games?show=hidden&pageSize=100'));
    expect(hidden.list.map((x) => x.id)).toContain(target.nodeId);
    const shown = value(await opsCall<Page>('GET', '/ops/games?show=shown&pageSize=100'));
    expect(shown.list.map((x) => x.id)).not.toContain(target.nodeId);
    // Luzon's operator sees the game as Luzon shows it (Luzon may hide its own games).
    const atLuzon = value(
      await opsCall<Page>('GET', `/ops/games?vendor=${target.vassalage}&pageSize=100`, { merchant: 'luzon' }),
    ).list.find((x) => x.id === target.nodeId);
    if (atLuzon && !atLuzon.hidden && !atLuzon.vendorHidden)
      expect((await memberGames('luzon', 'RNG')).map((x) => x.nodeId)).toContain(target.nodeId);

    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `game:${target.nodeId}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('game.settings');
    expect(entry.details).toMatchObject({
      before: { hidden: false },
      after: { hidden: true, hot: null, sort: null },
    });

    value(
      await opsCall<OpsGame>('PUT', `/ops/games/${target.nodeId}`, {
        body: { hidden: false, hot: null, sort: null },
      }),
    );
    expect((await memberGames('panalo', 'RNG')).map((x) => x.nodeId)).toContain(target.nodeId);
  });

  it('marks a game hot and puts it first: the member site’s hot list and order follow', async () => {
    const live = await memberGames('panalo', 'LIVE');
    const last = live[live.length - 1]!;
    const saved = value(
      await opsCall<OpsGame>('PUT', `/ops/games/${last.nodeId}`, {
        body: { hidden: false, hot: true, sort: -1 },
      }),
    );
    expect(saved).toMatchObject({ hot: true, siteHot: true, sort: -1, siteSort: -1 });
    const after = await memberGames('panalo', 'LIVE');
    expect(after[0]!.nodeId).toBe(last.nodeId);
    expect(after[0]!.hot).toBe(true);
    const hot = value(await call<Ok<Game[]>>('GET', '/api/games/hot'));
    expect(hot.map((g) => g.nodeId)).toContain(last.nodeId);
    const hotList = value(await opsCall<Page>('GET', '/ops/games?show=hot&pageSize=100'));
    expect(hotList.list.every((g) => g.hot)).toBe(true);
    expect(hotList.list.map((g) => g.id)).toContain(last.nodeId);
    // Luzon's lists are untouched.
    const luzonLive = await memberGames('luzon', 'LIVE');
    expect(luzonLive[0]?.nodeId).not.toBe(last.nodeId);
  });

  it('hides a vendor with all its games on this site; the member site’s vendors and games follow', async () => {
    const vendors = value(await opsCall<OpsVendor[]>('GET', '/ops/vendors'));
    expect(vendors.length).toBeGreaterThan(3);
    const memberVendors = value(await call<Ok<GameVendor[]>>('GET', '/api/games/vendors'));
    const v = vendors.find(
      (x) => !x.hidden && x.games > 0 && memberVendors.some((m) => m.vassalage === x.code),
    )!;
    const saved = value(
      await opsCall<OpsVendor>('PUT', `/ops/vendors/${v.code}`, { body: { hidden: true, sort: 5 } }),
    );
    expect(saved).toMatchObject({ code: v.code, hidden: true, siteSort: 5, sort: 5 });
    const nowVendors = value(await call<Ok<GameVendor[]>>('GET', '/api/games/vendors'));
    expect(nowVendors.map((m) => m.vassalage)).not.toContain(v.code);
    const games = value(await opsCall<Page>('GET', `/ops/games?vendor=${v.code}&pageSize=100`));
    expect(games.list.every((g) => g.vendorHidden)).toBe(true);
    const luzonVendors = value(await opsCall<OpsVendor[]>('GET', '/ops/vendors', { merchant: 'luzon' }));
    expect(luzonVendors.find((x) => x.code === v.code)?.siteSort).not.toBe(5);
    value(await opsCall<OpsVendor>('PUT', `/ops/vendors/${v.code}`, { body: { hidden: false, sort: null } }));
    const back = value(await call<Ok<GameVendor[]>>('GET', '/api/games/vendors'));
    expect(back.map((m) => m.vassalage)).toContain(v.code);
  });

  it('refuses bad input with a message key, unknown games and vendors with 404, members with 403', async () => {
    const some = value(await opsCall<Page>('GET', '/ops/games?pageSize=1')).list[0]!;
    for (const body of [
      { hidden: 'yes', hot: null, sort: null },
      { hidden: true, hot: null, sort: -1e7 },
      { hidden: true, hot: null, sort: 1e12 },
      { hidden: true, hot: null, sort: 1.5 },
      { hidden: true, hot: null, sort: null, extra: 1 },
      { hidden: true },
    ]) {
      const r = await opsCall('PUT', `/ops/games/${some.id}`, { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((r.body as Err).code).toBe('validation_failed');
    }
    const unknown = await opsCall('PUT', '/ops/games/999999999', {
      body: { hidden: true, hot: null, sort: null },
    });
    expect(unknown.status).toBe(404);
    expect((unknown.body as Err).code).toBe('game_unknown');
    const noVendor = await opsCall('PUT', '/ops/vendors/NOPE', { body: { hidden: true, sort: null } });
    expect(noVendor.status).toBe(404);
    expect((noVendor.body as Err).code).toBe('vendor_unknown');
    const nul = await opsCall('GET', '/ops/games?q=a%00b');
    expect(nul.status).toBe(400);
    const { token } = await memberWithToken(t, 'panalo');
    const member = await opsCall('PUT', `/ops/games/${some.id}`, {
      token,
      body: { hidden: true, hot: null, sort: null },
    });
    expect(member.status).toBe(403);
    // Nothing was written by the refusals: the game is as it was.
    const again = value(
      await opsCall<Page>('GET', `/ops/games?vendor=${some.vendor}&pageSize=100`),
    ).list.find((g) => g.id === some.id);
    expect(again).toEqual(some);
  });
});
