import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecordsReply } from '@panalo/contract/game-records';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { fundWallet, vendorCall } from '../game-wallet/vendor-client';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

let t: TestApp;
let slot: { gameId: string; nodeId: string; vendor: string };
let fish: { gameId: string; nodeId: string };
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedGameWallet(t.ctx.db);
  const pick = (gameType: string) =>
    t.ctx.db
      .selectFrom('game as g')
      .innerJoin('vendor as v', 'v.code', 'g.vendor_code')
      .select(['g.game_id', 'g.id', 'g.vendor_code'])
      .where('v.wallet_vendor_code', '=', 'PSIM')
      .where('g.game_type', '=', gameType)
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
  const s = await pick('RNG');
  slot = { gameId: s.game_id, nodeId: s.id.toString(), vendor: s.vendor_code };
  const f = await pick('FISH');
  fish = { gameId: f.game_id, nodeId: f.id.toString() };
});
afterAll(async () => {
  await expectLedgerClean(t.ctx.db);
  await t.close();
});

async function player(merchant = 'panalo', type = 0) {
  const m = await createMember(t, { merchant, type });
  if (type !== 4)
    await fundWallet(t.ctx.db, {
      merchantId: m.merchant_id,
      memberId: m.id,
      currency: 'PHP',
      amount: 100_000n,
      key: `gr${m.id}`,
    });
  const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
    merchantId: m.merchant_id,
    memberId: m.id,
    memberType: m.type,
    currency: 'PHP',
    vendorCode: 'PSIM',
    gameCode: null,
  });
  return { m, launch: token, session: await sessionFor(t, m), merchant };
}

/** One round: a bet, a win, and the end of the round, through the vendor's signed callbacks. */
async function round(p: Awaited<ReturnType<typeof player>>, gameCode: string, bet: string, win: string) {
  const roundId = `r-${++seq}`;
  const h = { merchant: p.merchant };
  expect(
    (await vendorCall(t, 'bet', { token: p.launch, txId: `b-${seq}`, roundId, gameCode, amount: bet }, h))
      .status,
  ).toBe(200);
  expect(
    (await vendorCall(t, 'win', { token: p.launch, txId: `w-${seq}`, roundId, gameCode, amount: win }, h))
      .status,
  ).toBe(200);
  expect((await vendorCall(t, 'end', { token: p.launch, txId: `e-${seq}`, roundId }, h)).status).toBe(200);
  return roundId;
}

const records = (session: string, query: Record<string, string> = {}, merchant = 'panalo') =>
  t.request<Ok<GameRecordsReply> | Err>({
    method: 'GET',
    url: '/api/games/records',
    query,
    headers: { ...bearer(session), merchant },
  });

describe('game records (GET /api/games/records)', () => {
  it('SHELL-038 WALLET-009 the third-party record: the member’s rounds at the game vendors newest first with game, vendor, bet, win and net, and totals', async () => {
    const p = await player();
    const first = await round(p, slot.gameId, '10.00', '25.50');
    t.clock.advance(60_000);
    const second = await round(p, fish.gameId, '5.00', '0');
    const res = await records(p.session, { language: 'EN' });
    expect(res.status).toBe(200);
    const v = (res.body as Ok<GameRecordsReply>).value;
    expect(v.list.map((r) => r.roundId)).toEqual([second, first]);
    expect(v.list[1]).toMatchObject({
      nodeId: slot.nodeId,
      vassalage: slot.vendor,
      gameType: 'RNG',
      bet: '10.00',
      win: '25.50',
      refund: '0.00',
      net: '15.50',
      status: 'closed',
    });
    expect(v.list[1]!.gameName.length).toBeGreaterThan(0);
    expect(v.list[0]).toMatchObject({ nodeId: fish.nodeId, gameType: 'FISH', net: '-5.00' });
    expect(v).toMatchObject({ pageNum: 1, totalPages: 1, total: 2 });
    expect(v.totals).toEqual({ bet: '15.00', win: '25.50', net: '10.50' });
  });

  it('filters by category and by day, and pages', async () => {
    const p = await player();
    for (let i = 0; i < 3; i++) await round(p, slot.gameId, '1.00', '0');
    await round(p, fish.gameId, '2.00', '1.00');
    const rng = (await records(p.session, { gameType: 'RNG' })).body as Ok<GameRecordsReply>;
    expect(rng.value.total).toBe(3);
    expect(rng.value.list.every((r) => r.gameType === 'RNG')).toBe(true);
    const paged = (await records(p.session, { pageSize: '2', page: '2' })).body as Ok<GameRecordsReply>;
    expect(paged.value).toMatchObject({ pageNum: 2, totalPages: 2, total: 4 });
    expect(paged.value.list).toHaveLength(2);
    const today = t.clock.now().toISOString().slice(0, 10);
    const none = (await records(p.session, { from: '2020-01-01', to: '2020-01-02' }))
      .body as Ok<GameRecordsReply>;
    expect(none.value).toMatchObject({
      list: [],
      total: 0,
      totals: { bet: '0.00', win: '0.00', net: '0.00' },
    });
    const on = (await records(p.session, { from: today, to: today })).body as Ok<GameRecordsReply>;
    expect(on.value.total).toBe(4);
  });

  it('ROLE-006 a visitor is refused; bad filters are 400 with a message key', async () => {
    expect((await t.request({ method: 'GET', url: '/api/games/records' })).status).toBe(401);
    const p = await player();
    const reversed = await records(p.session, { from: '2026-06-02', to: '2026-06-01' });
    expect(reversed.status).toBe(400);
    expect((reversed.body as Err).code).toBe('date_range_invalid');
    const bad: Record<string, string>[] = [
      { gameType: 'rng; drop' },
      { pageSize: '1000' },
      { from: 'yesterday' },
    ];
    for (const query of bad) {
      const r = await records(p.session, query);
      expect(r.status).toBe(400);
      expect((r.body as Err).code).toBe('validation_failed');
    }
  });

  it('isolation: another member’s and another merchant’s rounds never show', async () => {
    const a = await player();
    const b = await player();
    const luzon = await player('luzon');
    await round(a, slot.gameId, '3.00', '0');
    await round(luzon, slot.gameId, '4.00', '0');
    const mine = (await records(b.session)).body as Ok<GameRecordsReply>;
    expect(mine.value.total).toBe(0);
    const theirs = (await records(luzon.session, {}, 'luzon')).body as Ok<GameRecordsReply>;
    expect(theirs.value.list.map((r) => r.bet)).toEqual(['4.00']);
    // A session of one merchant does not open another merchant's records.
    expect((await records(a.session, {}, 'luzon')).status).toBe(401);
  });

  it('a free-trial account’s records are of its play money', async () => {
    const trial = await player('panalo', 4);
    await fundWallet(t.ctx.db, {
      merchantId: trial.m.merchant_id,
      memberId: trial.m.id,
      currency: 'PHP',
      amount: 10_000n,
      key: `trial${trial.m.id}`,
      book: 'play',
    });
    await round(trial, slot.gameId, '1.00', '2.00');
    // Its real-money book has no rounds: the list is of the play book, where the trial played.
    const v = ((await records(trial.session)).body as Ok<GameRecordsReply>).value;
    expect(v.list).toHaveLength(1);
    expect(v.totals.net).toBe('1.00');
  });
});
