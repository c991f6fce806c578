import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameLaunchReply } from '@panalo/contract/game-launch';
import type { GameListReply } from '@panalo/contract/games';
import type { GameRecordsReply } from '@panalo/contract/game-records';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { seedGames } from '../games/games.seed';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet } from '../game-wallet/vendor-client';
import type { RandomInt } from '../vendor-sim/engine-kit';
import { HUB88_TITLES } from '../vendor-sim/hub88-sim';
import { startVendorSimulator } from '../vendor-sim/vendor-sim.setup';
import type { VendorSim } from '../vendor-sim/vendor-sim.server';
import { syncHub88Catalogue } from './hub88-catalogue';
import { HUB88_VENDOR, hub88User } from './hub88-setup';
import { startHub88 } from './hub88.setup';

type Ok<T> = { success: true; value: T };

let t: TestApp;
let sim: VendorSim;
const script: number[] = [];
const random: RandomInt = (max) => Math.min(script.shift() ?? 0, max - 1);

beforeAll(async () => {
  t = await createTestApp();
  await seedGames(t.ctx.db);
  await seedGameWallet(t.ctx.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  sim = await startVendorSimulator(t.ctx.db, {
    apiBaseUrl: `http://127.0.0.1:${port}`,
    random,
    hub88: t.ctx.hub88,
  });
});
afterAll(async () => {
  await sim?.close();
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

const list = async (q: Record<string, string>) =>
  (
    await t.request<Ok<GameListReply>>({
      method: 'GET',
      url: '/api/games/list',
      query: { vassalage: HUB88_VENDOR, pageSize: '100', ...q },
      headers: { merchant: 'panalo' },
    })
  ).body.value.games;

describe('Hub88 catalogue and launch (the simulator playing Hub88)', () => {
  it("start reads Hub88's game list: enabled games appear under HUB88 with gameId = game_code, disabled ones do not", async () => {
    const synced = await startHub88(t.ctx.db, t.ctx.hub88, () => {});
    expect(t.ctx.hub88.apiUrl).toBe(sim.url);
    const offered = HUB88_TITLES.filter((g) => g.enabled);
    expect(synced).toEqual({ enabled: offered.length, disabled: 0 });
    const slots = await list({ gameType: 'RNG' });
    expect(slots.map((g) => g.gameId).sort()).toEqual(['h88_golden_carabao', 'h88_island_fortune']);
    expect(slots.every((g) => g.vassalage === HUB88_VENDOR && g.gameName !== null)).toBe(true);
    expect((await list({ gameType: 'LIVE' })).map((g) => g.gameId)).toEqual(['h88_live_baccarat']);
    expect((await list({ gameType: 'FISH' })).map((g) => g.gameId)).toEqual(['h88_manila_bay_fishing']);
    const all = [
      ...(await list({ gameType: 'RNG' })),
      ...(await list({ gameType: 'SPORTS' })),
      ...(await list({ gameType: 'ESPORTS' })),
      ...(await list({ gameType: 'COCKFIGHT' })),
    ].map((g) => g.gameId);
    expect(all).not.toContain('h88_retired_reels');

    // A game Hub88 switches off disappears; on again, it is back. The same list twice changes nothing.
    const titles = HUB88_TITLES.map((g) => ({
      ...g,
      enabled: g.game_code === 'h88_island_fortune' ? false : g.enabled,
    }));
    expect(await syncHub88Catalogue(t.ctx.db, titles)).toEqual({ enabled: offered.length - 1, disabled: 1 });
    expect((await list({ gameType: 'RNG' })).map((g) => g.gameId)).toEqual(['h88_golden_carabao']);
    expect(await syncHub88Catalogue(t.ctx.db, titles)).toEqual({ enabled: offered.length - 1, disabled: 0 });
    expect(await syncHub88Catalogue(t.ctx.db, HUB88_TITLES)).toEqual({
      enabled: offered.length,
      disabled: 0,
    });
    expect((await list({ gameType: 'RNG' })).map((g) => g.gameId).sort()).toEqual([
      'h88_golden_carabao',
      'h88_island_fortune',
    ]);
  });

  it("a launch asks Hub88's game/url (signed) and sends the member to Hub88's URL; a round there moves our wallet and shows in the records", async () => {
    await startHub88(t.ctx.db, t.ctx.hub88, () => {});
    const m = await createMember(t, {});
    await fundWallet(t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 10_000n,
      key: `h88-${m.id}`,
    });
    const session = await sessionFor(t, m);
    const g = (await list({ gameType: 'RNG' })).find((x) => x.gameId === 'h88_golden_carabao')!;
    const res = await t.request<Ok<GameLaunchReply>>({
      method: 'POST',
      url: '/api/games/launch',
      headers: { merchant: 'panalo', ...bearer(session) },
      payload: {
        category: 'RNG',
        vendor: HUB88_VENDOR,
        gameId: g.gameId,
        nodeId: g.nodeId,
        backUrl: '/m/gameList',
        language: 'EN',
      },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.value.gameUrl);
    expect(url.origin).toBe(sim.url);
    // Hub88's page never carries the member's name (Hub88 knows them as hub88User).
    expect(res.body.value.gameUrl).not.toContain(m.username);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const post = async (path: string, body: Record<string, unknown>) => {
      const r = await fetch(`${sim.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: url.searchParams.get('token'), merchant: 'panalo', ...body }),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const opened = await post('/api/session', {});
    expect(opened).toEqual({
      status: 200,
      body: { balance: '100.00', currency: 'PHP', player: hub88User(m.id) },
    });
    const round = await post('/api/round', { stake: '5.00' });
    expect(round.status).toBe(200);
    const won = BigInt(Math.round(Number(round.body.win) * 100));
    expect(round.body.balance).toBe(((10_000 - 500 + Number(won)) / 100).toFixed(2));
    const rec = (
      await t.request<Ok<GameRecordsReply>>({
        method: 'GET',
        url: '/api/games/records',
        query: { language: 'EN' },
        headers: { merchant: 'panalo', ...bearer(session) },
      })
    ).body.value;
    expect(rec.list[0]).toMatchObject({
      roundId: round.body.roundId,
      vassalage: HUB88_VENDOR,
      gameName: 'Golden Carabao',
      bet: '5.00',
      status: 'closed',
    });
    // Short funds: refused by our wallet through Hub88's status, nothing recorded.
    const tooMuch = await post('/api/round', { stake: '1000.00' });
    expect([tooMuch.status, tooMuch.body.error]).toEqual([409, 'insufficient_funds']);
  });

  it('the operator sync needs the games permission and an Idempotency-Key; members are refused', async () => {
    const owner = await createMember(t, { type: 90 });
    const ownerSession = await sessionFor(t, owner);
    const sync = (headers: Record<string, string>) =>
      t.request<Ok<{ enabled: number; disabled: number }> & { code?: string }>({
        method: 'POST',
        url: `/api/ops/vendors/${HUB88_VENDOR}/sync`,
        headers: { merchant: 'panalo', ...headers },
      });
    const done = await sync({ ...bearer(ownerSession), 'idempotency-key': 'sync-key-0001' });
    expect([done.status, done.body.value]).toEqual([
      200,
      { enabled: HUB88_TITLES.filter((g) => g.enabled).length, disabled: 0 },
    ]);
    const logged = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'target'])
      .where('action', '=', 'vendor.sync')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ actor: `operator:${owner.id}`, target: `vendor:${HUB88_VENDOR}` });
    const noKey = await sync(bearer(ownerSession));
    expect(noKey.status).toBe(400);
    const support = await createMember(t, { type: 90 });
    await t.ctx.db
      .updateTable('staff_account')
      .set({ role: 'support' })
      .where('member_id', '=', support.id)
      .execute();
    expect(
      (await sync({ ...bearer(await sessionFor(t, support)), 'idempotency-key': 'sync-key-0002' })).status,
    ).toBe(403);
    const member = await createMember(t, {});
    const asMember = await t.request({
      method: 'POST',
      url: `/api/ops/vendors/${HUB88_VENDOR}/sync`,
      headers: {
        merchant: 'panalo',
        'idempotency-key': 'sync-key-0001',
        ...bearer(await sessionFor(t, member)),
      },
    });
    expect([401, 403]).toContain(asMember.status);
    const visitor = await t.request({
      method: 'POST',
      url: `/api/ops/vendors/${HUB88_VENDOR}/sync`,
      headers: { merchant: 'panalo' },
    });
    expect([401, 403]).toContain(visitor.status);
  });
});
