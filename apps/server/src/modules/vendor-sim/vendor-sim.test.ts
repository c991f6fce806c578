import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameLaunchReply } from '@panalo/contract/game-launch';
import type { GameRecordsReply } from '@panalo/contract/game-records';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet } from '../game-wallet/vendor-client';
import type { RandomInt } from './engine-kit';
import { slotPaytable } from './slot-engine';
import { startVendorSimulator } from './vendor-sim.setup';
import type { VendorSim } from './vendor-sim.server';

type Ok<T> = { success: true; value: T };

let t: TestApp;
let sim: VendorSim;
// Outcome randomness the test scripts: values in turn, then 0.
const script: number[] = [];
const random: RandomInt = (max) => Math.min(script.shift() ?? 0, max - 1);

beforeAll(async () => {
  t = await createTestApp();
  await seedGameWallet(t.ctx.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  sim = await startVendorSimulator(t.ctx.db, { apiBaseUrl: `http://127.0.0.1:${port}`, random });
});
afterAll(async () => {
  await sim?.close();
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

async function player(fund: bigint, type = 0) {
  const m = await createMember(t, { type });
  await fundWallet(t.ctx.db, {
    merchantId: m.merchant_id,
    memberId: m.id,
    currency: 'PHP',
    amount: fund,
    key: `sim-${m.id}`,
    book: type === 4 ? 'play' : 'real',
  });
  return { m, session: await sessionFor(t, m) };
}

async function tile(gameType: string) {
  const g = await t.ctx.db
    .selectFrom('game')
    .select(['id', 'game_id', 'vendor_code', 'game_type'])
    .where('game_type', '=', gameType)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { category: g.game_type, vendor: g.vendor_code, gameId: g.game_id, nodeId: g.id.toString() };
}

/** Launches through our API and opens the simulator's page over HTTP, as the browser would. */
async function open(session: string, gameType: string) {
  const g = await tile(gameType);
  const res = await t.request<Ok<GameLaunchReply>>({
    method: 'POST',
    url: '/api/games/launch',
    headers: { merchant: 'panalo', ...bearer(session) },
    payload: { ...g, backUrl: '/m/gameList', language: 'EN' },
  });
  expect(res.status).toBe(200);
  const url = new URL(res.body.value.gameUrl);
  expect(url.origin).toBe(sim.url);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const token = url.searchParams.get('token')!;
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, merchant: 'panalo', ...body }),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  const round = (stake: string, pick?: string) =>
    post('/api/round', { game: g.gameId, type: gameType, stake, ...(pick ? { pick } : {}) });
  return { g, html, url, post, round };
}

const records = async (session: string) =>
  (
    await t.request<Ok<GameRecordsReply>>({
      method: 'GET',
      url: '/api/games/records',
      query: { language: 'EN' },
      headers: { merchant: 'panalo', ...bearer(session) },
    })
  ).body.value;

const walletBalance = async (session: string) =>
  (
    await t.request<Ok<{ sumBalance: string }>>({
      method: 'GET',
      url: '/api/wallet/balance',
      headers: { merchant: 'panalo', ...bearer(session) },
    })
  ).body.value.sumBalance;

describe('vendor simulator over HTTP (PSIM)', () => {
  it('GAMES-051 serves an accessible game page with the balance, stake, back link and the title’s paytable', async () => {
    const p = await player(100_000n);
    const { html, g } = await open(p.session, 'RNG');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/href="http:\/\/localhost(:80)?\/m\/gameList" data-testid="sim-back"/);
    expect(html).toContain('<label for="stake">');
    expect(html).toContain(slotPaytable(g.gameId)[0]!.name);
    // The page never carries the wallet secret.
    const secret = (
      await t.ctx.db
        .selectFrom('game_vendor')
        .select('hmac_secret')
        .where('code', '=', 'PSIM')
        .executeTakeFirstOrThrow()
    ).hmac_secret;
    expect(html).not.toContain(secret);
    const bad = await fetch(`${sim.url}/games/x?token=short`);
    expect(bad.status).toBe(400);
  });

  it('API-064 a slot round is a bet, a win and an end on our wallet: balance, ledger and game record agree', async () => {
    const p = await player(100_000n);
    const s = await open(p.session, 'RNG');
    const who = await s.post('/api/session', {});
    expect(who).toMatchObject({ status: 200, body: { balance: '1000.00', currency: 'PHP' } });

    // Every cell the first symbol: five lines of five of a kind.
    const pays = BigInt(slotPaytable(s.g.gameId)[0]!.pays[2]);
    const win = ((1000n * pays) / 500n) * 5n;
    script.length = 0;
    const won = await s.round('10.00');
    expect(won.status).toBe(200);
    const expected = 100_000n - 1000n + win;
    const fmt = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
    expect(won.body).toMatchObject({ stake: '10.00', win: fmt(win), balance: fmt(expected) });

    // A losing spin: alternate reels show the first and the second symbol.
    const table = slotPaytable(s.g.gameId);
    script.push(...Array.from({ length: 15 }, (_, i) => (Math.floor(i / 3) % 2 ? table[0]!.weight : 0)));
    const lost = await s.round('5.00');
    expect(lost.body).toMatchObject({ win: '0.00', balance: fmt(expected - 500n) });
    expect(await walletBalance(p.session)).toBe(fmt(expected - 500n));

    const rec = await records(p.session);
    expect(rec.list).toHaveLength(2);
    expect(rec.list.find((r) => r.roundId === won.body.roundId)).toMatchObject({
      nodeId: s.g.nodeId,
      vassalage: s.g.vendor,
      gameType: 'RNG',
      bet: '10.00',
      win: fmt(win),
      status: 'closed',
    });
    expect(rec.list.find((r) => r.roundId === lost.body.roundId)).toMatchObject({ bet: '5.00', win: '0.00' });
  });

  it('API-064 a stake above the balance is refused with insufficient_funds and records nothing', async () => {
    const p = await player(300n);
    const s = await open(p.session, 'RNG');
    const res = await s.round('5.00');
    expect(res).toMatchObject({ status: 409, body: { error: 'insufficient_funds' } });
    expect((await records(p.session)).list).toHaveLength(0);
    expect(await walletBalance(p.session)).toBe('3.00');
    expect((await s.round('0.00')).status).toBe(400);
    expect((await s.round('abc')).status).toBe(400);
  });

  it('GAMES-051 the title’s minimum stake from the catalogue is offered first and enforced', async () => {
    const p = await player(100_000n);
    const g = await t.ctx.db
      .selectFrom('game')
      .select(['id', 'game_id', 'vendor_code', 'game_type'])
      .where('game_type', '=', 'RNG')
      .where('min_bet', '=', 500n)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await t.request<Ok<GameLaunchReply>>({
      method: 'POST',
      url: '/api/games/launch',
      headers: { merchant: 'panalo', ...bearer(p.session) },
      payload: { category: 'RNG', vendor: g.vendor_code, gameId: g.game_id, nodeId: g.id.toString() },
    });
    const url = new URL(res.body.value.gameUrl);
    expect(url.searchParams.get('min')).toBe('5.00');
    const html = await (await fetch(url)).text();
    expect(html).toContain('<option value="5.00">5.00</option><option value="10.00" selected>');
    expect(html).not.toContain('value="1.00"');
    const token = url.searchParams.get('token')!;
    const play = (stake: string) =>
      fetch(`${sim.url}/api/round`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, merchant: 'panalo', stake }),
      });
    const low = await play('4.99');
    expect(low.status).toBe(400);
    expect(await low.json()).toEqual({ error: 'below_min_stake', min: '5.00' });
    expect((await play('5.00')).status).toBe(200);
  });

  it('GAMES-051 card, match and fishing rounds settle on the wallet too', async () => {
    const p = await player(100_000n);
    const cards = await open(p.session, 'PVP');
    script.length = 0;
    script.push(12, 0, 4, 1); // Dragon K, Tiger 5
    expect((await cards.round('10.00', 'dragon')).body).toMatchObject({ win: '20.00', balance: '1010.00' });
    expect((await cards.round('10.00', 'banker')).status).toBe(400);

    const match = await open(p.session, 'COCKFIGHT');
    script.push(999); // the last outcome (draw) comes out
    const m = await match.round('10.00', 'meron');
    expect(m.body).toMatchObject({ win: '0.00', balance: '1000.00', detail: { result: 'draw' } });

    const fish = await open(p.session, 'FISH');
    script.push(0); // a hit on the first (commonest) fish
    const shot = await fish.round('1.00', '0');
    expect(shot.status).toBe(200);
    expect(shot.body.detail).toMatchObject({ hit: true });
    const rec = await records(p.session);
    expect(rec.list.map((r) => r.gameType).sort()).toEqual(['COCKFIGHT', 'FISH', 'PVP']);
    expect(rec.totals.bet).toBe('21.00');
  });

  it('API-064 a play-money (trial) round moves the play book only, and a forged token is refused', async () => {
    const p = await player(200_000n, 4);
    const s = await open(p.session, 'RNG');
    const who = await s.post('/api/session', {});
    expect(who.status).toBe(200);
    script.length = 0;
    expect(await s.round('1.00')).toMatchObject({ status: 200, body: { stake: '1.00' } });
    // The real book is untouched: the trial's wallet balance is its play money.
    const real = await t.ctx.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_member_id', '=', p.m.id)
      .where('book', '=', 'real')
      .execute();
    expect(real.every((a) => BigInt(a.balance) === 0n)).toBe(true);
    // A token the operator never issued, on a page the simulator served: our wallet refuses it.
    const forgedToken = 'x'.repeat(43);
    const page = new URLSearchParams({
      token: forgedToken,
      merchant: 'panalo',
      back: 'http://localhost/m/home',
      type: 'RNG',
      name: 'Forged',
    });
    expect((await fetch(`${sim.url}/games/${s.g.gameId}?${page.toString()}`)).status).toBe(200);
    const forged = await s.post('/api/round', { token: forgedToken, stake: '1.00' });
    expect(forged).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    // A round on a launch the simulator never served is refused before any money call.
    const unserved = await s.post('/api/round', { token: 'y'.repeat(43), stake: '1.00' });
    expect(unserved).toMatchObject({ status: 400, body: { error: 'unknown_session' } });
    const unknownMerchant = await s.post('/api/session', { merchant: 'nobody' });
    expect(unknownMerchant.status).toBe(404);
  });
});
