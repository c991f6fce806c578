import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DailyClose } from '@panalo/contract/daily-close';
import { verifyLiabilityProof, type LiabilityProof } from '@panalo/contract/liabilities';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { testDbKind } from '../../test-support/test-db';
import { issueLaunchToken } from '../game-wallet/game-launch';
import { seedGameWallet } from '../game-wallet/game-wallet.seed';
import { vendorCall } from '../game-wallet/vendor-client';
import { seedGames } from '../games/games.seed';
import { rollUpHouse } from '../wallet/house-rollup';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { dailyCloseService } from './daily-close.service';
import { DAILY_CLOSE_QUEUE, startDailyCloseJobs } from './daily-close-jobs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

// The daily close (issue 52 item 1) over days of real money moved through the real services: deposits,
// the seamless wallet's bets, wins and refunds, a paid withdrawal. Days in 2031 hold nothing else.

describe('the daily close (issue 52 item 1)', () => {
  let t: TestApp;
  let merchantId: number;
  let n = 0;
  const closes = () => dailyCloseService(t.ctx.db);

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.ctx.db);
    await seedGameWallet(t.ctx.db);
    merchantId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    // The demo merchant's reporting days are Manila's here (its own setting is UTC).
    await sql`update merchant set settings = settings || '{"timeZone":"Asia/Manila"}'::jsonb
      where id = ${merchantId}`.execute(t.ctx.db);
    t.ctx.merchants.clearCache();
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  /** A transfer between the member's wallet and a house-side account (minor units into the wallet). */
  async function post(
    memberId: bigint,
    kind: string,
    from: 'payment_clearing' | 'adjustment',
    amount: bigint,
  ) {
    const wallet = await ledgerAccount(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP'));
    const other = await ledgerAccount(t.ctx.db, {
      merchantId,
      book: 'real',
      kind: from,
      ...(from === 'payment_clearing' ? { ref: 'TEST' } : {}),
      currency: 'PHP',
    });
    await t.ctx.db.transaction().execute((trx) =>
      postTransfer(trx, {
        merchantId,
        book: 'real',
        kind,
        createdBy: 'system:test',
        at: t.clock.now(),
        legs: [
          { accountId: other, amount: -amount },
          { accountId: wallet, amount },
        ],
      }),
    );
  }
  async function player() {
    const m = await createMember(t, {});
    const { token } = await issueLaunchToken(t.ctx.db, t.clock, {
      merchantId,
      memberId: m.id,
      memberType: m.type,
      currency: 'PHP',
      vendorCode: 'PSIM',
      gameCode: null,
    });
    return { m, token };
  }
  const game = async () =>
    (
      await t.ctx.db
        .selectFrom('game')
        .select('game_id')
        .where('vendor_code', '=', 'BYN')
        .executeTakeFirstOrThrow()
    ).game_id;
  const close = (day: string) => closes().closeDay({ merchantId, day, runBy: 'test', now: t.clock.now() });
  const figure = (c: DailyClose, name: string) => c.sheet.figures.find((f) => f.figure === name)!;
  const wallets = (c: DailyClose) => c.sheet.balances.find((b) => b.kind === 'member_wallet')!;

  it('a day of deposits, bets, wins and a refund closes balanced: opening + movements = closing, read two ways, and the figures agree', async () => {
    t.clock.set(new Date('2031-03-10T02:00:00Z')); // 10:00 in Manila
    const gameId = await game();
    const { m, token } = await player();
    await post(m.id, 'deposit', 'payment_clearing', 50_000n);
    const round = (r: string) => ({ token, roundId: `dc-${m.id}-${r}`, gameCode: gameId });
    expect((await vendorCall(t, 'bet', { txId: `dc-${++n}`, ...round('a'), amount: '100.00' })).status).toBe(
      200,
    );
    expect((await vendorCall(t, 'win', { txId: `dc-${++n}`, ...round('a'), amount: '250.00' })).status).toBe(
      200,
    );
    const refunded = `dc-${++n}`;
    expect((await vendorCall(t, 'bet', { txId: refunded, ...round('b'), amount: '40.00' })).status).toBe(200);
    expect(
      (await vendorCall(t, 'rollback', { token, txId: `dc-${++n}-rb`, originalTxId: refunded })).status,
    ).toBe(200);
    // Not over yet: nothing is written.
    await expect(close('2031-03-10')).rejects.toMatchObject({ code: 'close_day_open' });

    t.clock.set(new Date('2031-03-10T16:30:00Z')); // 00:30 the next day in Manila
    // The bets still wait for the house roll-up: the close waits too.
    await expect(close('2031-03-10')).rejects.toMatchObject({ code: 'close_waits_rollup' });
    await rollUpHouse(t.ctx.db);
    const c = await close('2031-03-10');
    expect(c).toMatchObject({
      day: '2031-03-10',
      currency: 'PHP',
      status: 'balanced',
      difference: '0.00',
      startsAt: '2031-03-09T16:00:00.000Z',
      endsAt: '2031-03-10T16:00:00.000Z',
    });
    const w = wallets(c);
    expect(BigInt(w.closing.replace('.', '')) - BigInt(w.opening.replace('.', ''))).toBe(
      BigInt(w.movements.replace('.', '')),
    );
    expect(w.closing).toBe(w.closingByAccounts);
    expect(w.movements).toBe('650.00'); // 500 + 250 − 100 − 40 + 40
    expect(figure(c, 'deposits')).toMatchObject({ ledger: '500.00', kept: '500.00', difference: '0.00' });
    expect(figure(c, 'bets')).toMatchObject({ ledger: '140.00', kept: '140.00' });
    expect(figure(c, 'wins')).toMatchObject({ ledger: '250.00', kept: '250.00' });
    expect(figure(c, 'refunds')).toMatchObject({ ledger: '40.00', kept: '40.00' });
    expect(c.sheet.byVendor).toEqual([{ key: 'PSIM', bets: '100.00', wins: '250.00', ggr: '-150.00' }]);
    expect(c.sheet.byProduct).toEqual([{ key: 'slots', bets: '100.00', wins: '250.00', ggr: '-150.00' }]);
  });

  it('a closed day is closed once: a re-run answers it unchanged, whatever moved since', async () => {
    const first = await closes().find(merchantId, '2031-03-10');
    const { m } = await player();
    await post(m.id, 'deposit', 'payment_clearing', 1_000n); // today, in Manila 2031-03-11
    await rollUpHouse(t.ctx.db);
    expect(await close('2031-03-10')).toEqual(first);
    const rows = await t.ctx.db
      .selectFrom('daily_close')
      .select('day')
      .where('merchant_id', '=', merchantId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('the day follows the merchant’s time zone: money at 23:30 in Manila is that day’s, at 00:30 the next’s', async () => {
    const { m } = await player();
    t.clock.set(new Date('2031-03-12T15:30:00Z')); // 23:30, 12 March in Manila
    await post(m.id, 'deposit', 'payment_clearing', 7_000n);
    t.clock.set(new Date('2031-03-12T16:30:00Z')); // 00:30, 13 March in Manila
    await post(m.id, 'deposit', 'payment_clearing', 3_000n);
    t.clock.set(new Date('2031-03-14T01:00:00Z'));
    expect(await closes().dueDays(merchantId, t.clock.now())).toEqual([
      '2031-03-11',
      '2031-03-12',
      '2031-03-13',
    ]);
    await close('2031-03-11');
    expect(figure(await close('2031-03-12'), 'deposits').ledger).toBe('70.00');
    expect(figure(await close('2031-03-13'), 'deposits').ledger).toBe('30.00');
    expect(await closes().dueDays(merchantId, t.clock.now())).toEqual([]);
  });

  it('a kept figure one centavo off the ledger breaks the close, with the figure and the difference', async () => {
    const { m } = await player();
    t.clock.set(new Date('2031-03-15T03:00:00Z'));
    await post(m.id, 'deposit', 'payment_clearing', 12_345n);
    // The reports' sum is off by one centavo (what a lost or doubled count would leave).
    const kept = await t.ctx.db
      .selectFrom('merchant_day')
      .select('shard')
      .where('merchant_id', '=', merchantId)
      .where('day', '=', '2031-03-15')
      .where('product', '=', '')
      .executeTakeFirstOrThrow();
    const nudge = (cents: bigint) =>
      t.ctx.db
        .updateTable('merchant_day')
        .set((eb) => ({ deposits: eb('deposits', '+', cents) }))
        .where('merchant_id', '=', merchantId)
        .where('day', '=', '2031-03-15')
        .where('product', '=', '')
        .where('shard', '=', kept.shard)
        .execute();
    await nudge(1n);
    t.clock.set(new Date('2031-03-16T01:00:00Z'));
    for (const day of await closes().dueDays(merchantId, t.clock.now())) await close(day);
    const c = (await closes().find(merchantId, '2031-03-15'))!;
    expect(c).toMatchObject({ status: 'broken', difference: '0.01' });
    expect(figure(c, 'deposits')).toEqual({
      figure: 'deposits',
      ledger: '123.45',
      kept: '123.46',
      difference: '-0.01',
    });
    expect(wallets(c).difference).toBe('0.00');
    // Put back, so the ledger's own checks hold at the end.
    await nudge(-1n);
  });

  it('the job closes each day over once, however many processes plan it', async () => {
    t.clock.set(new Date('2031-03-17T01:00:00Z'));
    expect(await closes().dueDays(merchantId, t.clock.now())).toEqual(['2031-03-16']);
    const start = () =>
      startDailyCloseJobs({
        db: t.ctx.db,
        kind: testDbKind,
        clock: t.clock,
        planEveryMs: 3_600_000,
        pollSeconds: 0.5,
      });
    const [a, b] = [await start(), await start()];
    try {
      await Promise.all([a.plan(), b.plan()]);
      const jobs = await sql<{ n: number }>`
        select count(*)::int as n from pgboss.job
        where name = ${DAILY_CLOSE_QUEUE} and data->>'day' = '2031-03-16'`.execute(t.ctx.db);
      expect(jobs.rows[0]?.n).toBe(1);
      let c: DailyClose | null = null;
      for (let i = 0; i < 100 && !c; i++) {
        await new Promise((r) => setTimeout(r, 100));
        c = await closes().find(merchantId, '2031-03-16');
      }
      expect(c).toMatchObject({ status: 'balanced', runBy: 'system:daily-close' });
      expect(await closes().dueDays(merchantId, t.clock.now())).toEqual([]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('Finance → Daily close: the days and a day’s sheet and CSV for the desks that read the books; signed once by finance, never by the maker of that day’s correction, never a broken day', async () => {
    const finance = await createStaffMember(t, 'finance');
    const checker = await createStaffMember(t, 'finance');
    const support = await createStaffMember(t, 'support');
    const fin = await sessionFor(t, finance);
    const chk = await sessionFor(t, checker);
    const sup = await sessionFor(t, support);
    const get = <T>(url: string, token = fin) =>
      t.request<{ value: T; code?: string }>({ method: 'GET', url, headers: bearer(token) });
    const sign = (day: string, token: string) =>
      t.request<{ value: DailyClose; code?: string }>({
        method: 'POST',
        url: `/api/ops/daily-close/${day}/sign`,
        headers: bearer(token),
      });

    // A correction by one finance member on the 18th.
    t.clock.set(new Date('2031-03-18T03:00:00Z'));
    const { m } = await player();
    const adjusted = await t.request({
      method: 'POST',
      url: '/api/ops/adjustments',
      headers: { ...bearer(fin), 'idempotency-key': 'dc-adjust-1' },
      payload: { username: m.username, amount: '25.00', reason: 'Goodwill after a support call' },
    });
    expect(adjusted.status).toBe(200);
    t.clock.set(new Date('2031-03-19T01:00:00Z'));
    for (const day of await closes().dueDays(merchantId, t.clock.now())) await close(day);

    const list = await get<{ list: (Omit<DailyClose, 'sheet'> & { sheet?: unknown })[] }>(
      '/api/ops/daily-close?from=2031-03-01&to=2031-03-31',
    );
    expect(list.body.value.list.map((c) => [c.day, c.status])).toEqual([
      ['2031-03-18', 'balanced'],
      ['2031-03-17', 'balanced'],
      ['2031-03-16', 'balanced'],
      ['2031-03-15', 'broken'],
      ['2031-03-14', 'balanced'],
      ['2031-03-13', 'balanced'],
      ['2031-03-12', 'balanced'],
      ['2031-03-11', 'balanced'],
      ['2031-03-10', 'balanced'],
    ]);
    expect(list.body.value.list[0]!.sheet).toBeUndefined();
    expect((await get('/api/ops/daily-close?from=2031-03-01&to=2031-03-31', sup)).status).toBe(403);
    const day = await get<DailyClose>('/api/ops/daily-close/2031-03-18');
    expect(day.body.value.sheet.movements).toContainEqual({
      transferKind: 'adjustment',
      accountKind: 'member_wallet',
      amount: '25.00',
      entries: 1,
    });
    expect((await get('/api/ops/daily-close/2031-03-09')).body.code).toBe('close_none');
    const csv = await t.request({
      method: 'GET',
      url: '/api/ops/daily-close/2031-03-10/csv',
      headers: bearer(fin),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(String(csv.body)).toContain('figure,deposits,500.00,500.00,0.00');

    // Maker-checker: the one who corrected the 18th does not sign it; the other finance member does, once.
    expect((await sign('2031-03-18', fin)).body.code).toBe('close_sign_maker');
    expect((await sign('2031-03-18', sup)).status).toBe(403);
    const signed = await sign('2031-03-18', chk);
    expect(signed.body.value).toMatchObject({ signedBy: checker.username, day: '2031-03-18' });
    expect((await sign('2031-03-18', chk)).body.code).toBe('close_signed');
    expect((await sign('2031-03-15', chk)).body.code).toBe('close_broken');
    expect((await sign('2031-03-09', chk)).body.code).toBe('close_none');
    const trail = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'target'])
      .where('action', '=', 'daily_close.sign')
      .execute();
    expect(trail).toEqual([{ actor: `operator:${checker.id}`, target: 'daily_close:2031-03-18' }]);
  });

  it('each close publishes a proof of liabilities: its total is the close’s players’ money; a member’s proof verifies in their hands and by the command-line verifier', async () => {
    const closeOf18 = (await closes().find(merchantId, '2031-03-18'))!;
    const owed = closeOf18.sheet.balances.reduce((a, b) => a + BigInt(b.closing.replace('.', '')), 0n);
    const published = await t.request<{
      value: { day: string; total: string; root: string; members: number };
    }>({
      method: 'GET',
      url: '/api/site/liabilities',
    });
    expect(published.body.value).toMatchObject({ day: '2031-03-18', currency: 'PHP' });
    expect(BigInt(published.body.value.total.replace('.', ''))).toBe(owed);

    // A member with money that day fetches their proof and checks it without the server.
    const leaf = await t.ctx.db
      .selectFrom('liability_leaf')
      .select(['member_id', 'balance'])
      .where('merchant_id', '=', merchantId)
      .where('day', '=', sql<string>`'2031-03-18'::date`)
      .where('balance', '>', 0n)
      .orderBy('member_id', 'desc')
      .executeTakeFirstOrThrow();
    const member = await t.ctx.db
      .selectFrom('member')
      .selectAll()
      .where('id', '=', leaf.member_id)
      .executeTakeFirstOrThrow();
    const token = await sessionFor(t, member);
    const res = await t.request<{ value: LiabilityProof; code?: string }>({
      method: 'GET',
      url: '/api/members/liabilities/proof?day=2031-03-18',
      headers: bearer(token),
    });
    expect(res.status).toBe(200);
    const proof = res.body.value;
    expect(proof).toMatchObject({ root: published.body.value.root, leaf: { memberId: String(member.id) } });
    expect(await verifyLiabilityProof(proof)).toEqual({ ok: true, balance: leaf.balance, total: owed });
    // The latest day when none is asked; none for a member with no money that day, nor for a visitor.
    expect(
      (await t.request({ method: 'GET', url: '/api/members/liabilities/proof', headers: bearer(token) }))
        .status,
    ).toBe(200);
    const newcomer = await sessionFor(t, await createMember(t, {}));
    const missing = await t.request<{ code: string }>({
      method: 'GET',
      url: '/api/members/liabilities/proof?day=2031-03-18',
      headers: bearer(newcomer),
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'proof_none']);
    expect((await t.request({ method: 'GET', url: '/api/members/liabilities/proof' })).status).toBe(401);

    // The repository's command-line verifier: the proof holds; a balance changed by a centavo does not.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'proof-'));
    try {
      const good = path.join(dir, 'good.json');
      const bad = path.join(dir, 'bad.json');
      writeFileSync(good, JSON.stringify(res.body));
      const changed = { ...proof, leaf: { ...proof.leaf, balance: String(leaf.balance + 1n) } };
      writeFileSync(bad, JSON.stringify(changed));
      const run = (file: string) =>
        spawnSync(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/scripts/verify-liabilities.ts', file],
          {
            cwd: repoRoot,
            encoding: 'utf8',
          },
        );
      const ok = run(good);
      expect([ok.status, ok.stdout]).toEqual([
        0,
        expect.stringMatching(/^OK: balance PHP [\d,.]+ is in the published total/),
      ]);
      const fail = run(bad);
      expect([fail.status, fail.stdout.trim()]).toEqual([1, 'FAIL: root_mismatch']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a member below zero at the day’s end (money stamped out of order) breaks the day, named, and no proof is published for it', async () => {
    const { m } = await player();
    // A credit stamped just after midnight, then a debit stamped just before it: the wallet never went
    // below zero, but cut at midnight the member owes the brand.
    t.clock.set(new Date('2031-03-20T16:00:01Z')); // 00:00:01, 21 March in Manila
    await post(m.id, 'deposit', 'payment_clearing', 10_000n);
    t.clock.set(new Date('2031-03-20T15:59:59Z')); // 23:59:59, 20 March
    await post(m.id, 'adjustment', 'adjustment', -10_000n);
    t.clock.set(new Date('2031-03-21T01:00:00Z'));
    await rollUpHouse(t.ctx.db);
    for (const day of await closes().dueDays(merchantId, t.clock.now())) await close(day);
    const c = (await closes().find(merchantId, '2031-03-20'))!;
    // Twice 100.00: the member below zero, and the wallet's running balance (0.00 after its last entry by
    // order of posting) against its entries cut at midnight (−100.00).
    expect(c).toMatchObject({ status: 'broken', difference: '200.00' });
    expect(c.sheet.negativeMembers).toEqual([String(m.id)]);
    expect(wallets(c).drifted).toContain(
      String(await ledgerAccount(t.ctx.db, memberWalletKey(merchantId, m.id, 'PHP'))),
    );
    const tree = await t.ctx.db
      .selectFrom('liability_tree')
      .select('root')
      .where('merchant_id', '=', merchantId)
      .where('day', '=', sql<string>`'2031-03-20'::date`)
      .executeTakeFirst();
    expect(tree).toBeUndefined();
    // The day before was published as usual.
    expect((await closes().find(merchantId, '2031-03-19'))!.status).toBe('balanced');
  });
});
