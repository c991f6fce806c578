import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameLaunchReply, GameLaunchRequest } from '@panalo/contract/game-launch';
import type { RecentReply } from '@panalo/contract/games';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { vendorCall } from '../game-wallet/vendor-client';
import { vendorSimAdapter } from '../vendor-sim/vendor-sim.adapter';
import { backUrlOf } from './game-launch.service';
import { configureVendorAdapters } from './vendor-adapter';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

const SIM = 'http://127.0.0.1:5999';
let t: TestApp;
let member: string;
let trial: string;
let luzon: string;

interface Tile {
  category: string;
  vendor: string;
  gameId: string;
  nodeId: string;
}

async function tile(gameType: string, vendor?: string): Promise<Tile> {
  let q = t.ctx.db
    .selectFrom('game')
    .select(['id', 'game_id', 'vendor_code', 'game_type'])
    .where('game_type', '=', gameType)
    .where('enabled', '=', true);
  if (vendor) q = q.where('vendor_code', '=', vendor);
  const g = await q.orderBy('id').executeTakeFirstOrThrow();
  return { category: g.game_type, vendor: g.vendor_code, gameId: g.game_id, nodeId: g.id.toString() };
}

const launch = (
  session: string | null,
  body: GameLaunchRequest | Record<string, unknown>,
  merchant = 'panalo',
) =>
  t.request<Ok<GameLaunchReply> | Err>({
    method: 'POST',
    url: '/api/games/launch',
    headers: { merchant, host: 'localhost', ...(session ? bearer(session) : {}) },
    payload: body,
  });

const codeOf = (res: { body: Ok<GameLaunchReply> | Err }) => (res.body as Err).code;
const urlOf = (res: { body: Ok<GameLaunchReply> | Err }) =>
  new URL((res.body as Ok<GameLaunchReply>).value.gameUrl);

beforeAll(async () => {
  t = await createTestApp();
  await seedGameWallet(t.ctx.db);
  configureVendorAdapters(t.ctx.db, [vendorSimAdapter({ simulatorUrl: SIM })]);
  member = await sessionFor(t, await createMember(t));
  trial = await sessionFor(t, await createMember(t, { type: 4 }));
  luzon = await sessionFor(t, await createMember(t, { merchant: 'luzon' }));
});
afterAll(async () => {
  await t.close();
});

describe('generic game launch (POST /api/games/launch)', () => {
  it('API-064 the generic launch returns a gameUrl with a live token, and records a recent game', async () => {
    const slot = await tile('RNG');
    const res = await launch(member, {
      ...slot,
      supportPlay: true,
      language: 'ty',
      backUrl: '/m/gameList?gameType=RNG',
    });
    expect(res.status).toBe(200);
    const url = urlOf(res);
    expect(url.origin).toBe(SIM);
    expect(url.pathname).toBe(`/games/${slot.gameId}`);
    expect(url.searchParams.get('merchant')).toBe('panalo');
    expect(url.searchParams.get('lang')).toBe('TY');
    expect(url.searchParams.get('type')).toBe('RNG');
    expect(url.searchParams.get('back')).toBe('http://localhost/m/gameList?gameType=RNG');
    const token = url.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    // The vendor can use it: authenticate through the signed callback, bound to the launched game.
    const auth = await vendorCall<Ok<{ balance: string; book: string }>>(t, 'authenticate', { token });
    expect(auth.status).toBe(200);
    expect(auth.body.value.book).toBe('real');
    const other = await tile('FISH');
    const bet = await vendorCall<Err>(t, 'bet', {
      token,
      txId: 'launch-other-game',
      roundId: 'launch-r1',
      gameCode: other.gameId,
      amount: '1.00',
    });
    expect(bet.body.code).toBe('unknown_game');
    const recent = await t.request<Ok<RecentReply>>({
      method: 'GET',
      url: '/api/games/recent',
      headers: { merchant: 'panalo', ...bearer(member) },
    });
    expect(recent.body.value.list[0]?.nodeId).toBe(slot.nodeId);
  });

  it('GAMES-051 every demo vendor category launches on the simulator (no dead tiles)', async () => {
    for (const type of ['RNG', 'FISH', 'PVP', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT']) {
      const g = await tile(type);
      const res = await launch(member, g);
      expect(res.status, type).toBe(200);
      expect(urlOf(res).searchParams.get('type')).toBe(type);
    }
  });

  it('ROLE-004 a visitor is refused with not_logged_in (401)', async () => {
    const res = await launch(null, await tile('RNG'));
    expect(res.status).toBe(401);
    expect(codeOf(res)).toBe('not_logged_in');
  });

  it('API-064 an unknown game, or a node id that is not that vendor’s game, is 404 unknown_game', async () => {
    const slot = await tile('RNG');
    for (const body of [
      { ...slot, nodeId: '999999999' },
      { ...slot, gameId: 'not-this-one' },
      { ...slot, vendor: slot.vendor === 'BYN' ? 'ARW' : 'BYN' },
    ]) {
      const res = await launch(member, body);
      expect(res.status).toBe(404);
      expect(codeOf(res)).toBe('unknown_game');
    }
  });

  it('API-064 bad input is 400 validation_failed, never a 500', async () => {
    for (const body of [{}, { ...(await tile('RNG')), nodeId: 'abc' }, { category: 'rng', vendor: 'x' }]) {
      const res = await launch(member, body);
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('validation_failed');
    }
  });

  it('API-064 a game the merchant hides, or a category it does not sell, is 404 unknown_game', async () => {
    const slot = await tile('RNG');
    const merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db
      .insertInto('merchant_game')
      .values({ merchant_id: merchantId, game_id: BigInt(slot.nodeId), hidden: true, sort: null, hot: null })
      .execute();
    try {
      const res = await launch(member, slot);
      expect(res.status).toBe(404);
      expect(codeOf(res)).toBe('unknown_game');
    } finally {
      await t.ctx.db
        .deleteFrom('merchant_game')
        .where('merchant_id', '=', merchantId)
        .where('game_id', '=', BigInt(slot.nodeId))
        .execute();
    }
    // Luzon Palace does not sell fishing games.
    const fish = await launch(luzon, await tile('FISH'), 'luzon');
    expect(fish.status).toBe(404);
    expect(codeOf(fish)).toBe('unknown_game');
  });

  it('API-064 a disabled vendor (catalogue, merchant or wallet integration) is 403 vendor_disabled', async () => {
    const slot = await tile('RNG');
    const setVendor = (enabled: boolean) =>
      t.ctx.db.updateTable('vendor').set({ enabled }).where('code', '=', slot.vendor).execute();
    await setVendor(false);
    try {
      const res = await launch(member, slot);
      expect(res.status).toBe(403);
      expect(codeOf(res)).toBe('vendor_disabled');
    } finally {
      await setVendor(true);
    }
    const setWallet = (enabled: boolean) =>
      t.ctx.db
        .updateTable('game_vendor')
        .set({ enabled })
        .where('code', '=', 'PSIM')
        .where('merchant_id', '=', t.ctx.db.selectFrom('merchant').select('id').where('code', '=', 'panalo'))
        .execute();
    await setWallet(false);
    try {
      // The wallet caches vendor rows for 2 s; a fresh launch reads the row itself.
      const res = await launch(member, slot);
      expect(res.status).toBe(403);
      expect(codeOf(res)).toBe('vendor_disabled');
    } finally {
      await setWallet(true);
    }
    expect((await launch(member, slot)).status).toBe(200);
    const hiddenStudio = await launch(luzon, await tile('RNG', 'HMY'), 'luzon');
    expect(hiddenStudio.status).toBe(403);
    expect(codeOf(hiddenStudio)).toBe('vendor_disabled');
  });

  it('API-064 another merchant’s session is not a session here (401), and its own merchant launches', async () => {
    const slot = await tile('RNG');
    const res = await launch(luzon, slot, 'panalo');
    expect(res.status).toBe(401);
    // Luzon Palace hides the first BYN slots and the whole HMY studio; an ARW slot it shows.
    const own = await launch(luzon, await tile('RNG', 'ARW'), 'luzon');
    expect(own.status).toBe(200);
    expect(urlOf(own).searchParams.get('merchant')).toBe('luzon');
  });

  it('API-064 a free-trial account plays with play money; games without trial play refuse it', async () => {
    const slot = await tile('RNG');
    const res = await launch(trial, slot);
    expect(res.status).toBe(200);
    const auth = await vendorCall<Ok<{ book: string }>>(t, 'authenticate', {
      token: urlOf(res).searchParams.get('token')!,
    });
    expect(auth.body.value.book).toBe('play');
    const live = await launch(trial, await tile('LIVE'));
    expect(live.status).toBe(403);
    expect(codeOf(live)).toBe('trial_play_unsupported');
  });

  it('API-064 a vendor whose integration does not run here is 503 vendor_unavailable, and nothing is issued', async () => {
    const slot = await tile('RNG', 'ARW');
    const wallet = (code: string) =>
      t.ctx.db.updateTable('vendor').set({ wallet_vendor_code: code }).where('code', '=', 'ARW').execute();
    const before = await t.ctx.db
      .selectFrom('game_session')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await wallet('XSIM');
    try {
      const res = await launch(member, slot);
      expect(res.status).toBe(503);
      expect(codeOf(res)).toBe('vendor_unavailable');
    } finally {
      await wallet('PSIM');
    }
    const after = await t.ctx.db
      .selectFrom('game_session')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('GAMES-050 lottery and our own games are not launched here (they open their own screens)', async () => {
    for (const type of ['INHOUSE', 'LOTT']) {
      const g = await tile(type);
      const res = await launch(member, g);
      expect(res.status, type).toBe(400);
      expect(codeOf(res)).toBe('launch_unsupported');
    }
  });

  it('API-064 the way back is a path of this site only; anything else falls back to the category list', () => {
    const o = 'https://panalo.example';
    expect(backUrlOf(o, '/m/gameList?gameType=FISH', 'RNG')).toBe(`${o}/m/gameList?gameType=FISH`);
    for (const bad of [
      '',
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/m/x y',
    ]) {
      expect(backUrlOf(o, bad, 'RNG')).toBe(`${o}/m/gameList?gameType=RNG`);
    }
  });
});
