import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { RebateReport, RebateView, RewardItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { checkLedger } from '../wallet/ledger-check';
import { rollUpHouse } from '../wallet/house-rollup';
import { REBATE_GRACE_MS } from '../agents/rebate-run';
import { addToMemberDay } from '../stats/member-day';
import { runDuePromotionRebates } from './rebate-run';
import { itRaces, oneAfterAnother } from '../../test-support/races';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

// Issue 18 item 2: the rebate promotion. Rates per product group and VIP level (demo: slots 0.50 % at
// level 0, 0.80 % at level 3; lottery 0.20 %), ₱1.00 at least, ₱5,000.00 a day at most. Manual rebate
// takes today's so far; the daily run pays what a closed day still owes, once.

describe('the rebate promotion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const DAY = '2026-06-01'; // TEST_NOW's day (the demo merchant keeps UTC)
  /** Valid turnover as the house roll-up counts a bet (member_day). */
  const bet = (memberId: bigint, product: string, pesos: bigint, figures: { refunds?: bigint } = {}) =>
    addToMemberDay(t.ctx.db, {
      merchantId: 1,
      memberId,
      at: t.clock.now(),
      product,
      figures: { bets: pesos * 100n, betCount: 1, refunds: (figures.refunds ?? 0n) * 100n },
    });
  const view = async (token: string) =>
    t.request<Ok<RebateView> | Err>({
      method: 'GET',
      url: '/api/promotions/rebate?lang=EN',
      headers: bearer(token),
    });
  const claim = (token: string) =>
    t.request<Ok<RewardItem> | Err>({
      method: 'POST',
      url: '/api/promotions/rebate/claim',
      headers: bearer(token),
    });
  const report = (token: string, startDate = '2026-05-25', endDate = '2026-06-30') =>
    t.request<Ok<RebateReport> | Err>({
      method: 'GET',
      url: `/api/promotions/rebate/report?startDate=${startDate}&endDate=${endDate}`,
      headers: bearer(token),
    });
  const wallet = async (memberId: bigint) => {
    await rollUpHouse(t.ctx.db);
    const a = await t.ctx.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_member_id', '=', memberId)
      .where('kind', '=', 'member_wallet')
      .executeTakeFirst();
    return a ? BigInt(a.balance) : 0n;
  };
  /** The ledger's invariants; the bets of these tests are figures written straight into member_day. */
  const ledgerClean = async () => {
    await rollUpHouse(t.ctx.db);
    const v = await checkLedger(t.ctx.db);
    expect({
      ...v,
      driftedFigures: v.driftedFigures.filter((k) => !/:(bets|bet_count|refunds)$/.test(k)),
    }).toEqual({
      unbalancedTransfers: [],
      driftedAccounts: [],
      negativeWallets: [],
      brokenRunningBalances: [],
      duplicateKeys: [],
      orphanEntries: [],
      driftedFigures: [],
      driftedMerchantDays: [],
    });
  };

  it('manual rebate shows today’s rebate so far per product group at my VIP level’s rates', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    await bet(m.id, 'slots', 1_000n);
    await bet(m.id, 'lottery', 600n, { refunds: 100n }); // valid turnover: stakes less refunds
    const v = ((await view(token)).body as Ok<RebateView>).value;
    expect(v).toMatchObject({
      day: DAY,
      vipLevel: 0,
      claimable: '6.00',
      takenToday: '0.00',
      min: '1.00',
      max: '5000.00',
    });
    // In the product groups' order: lottery, slots, live …
    expect(v.lines).toEqual([
      { product: 'lottery', turnover: '500.00', rate: '0.20', amount: '1.00' },
      { product: 'slots', turnover: '1000.00', rate: '0.50', amount: '5.00' },
    ]);
    expect(v.rates).toContainEqual({ product: 'slots', rate: '0.50' });
    // A higher VIP level earns its higher rate.
    await t.ctx.db.updateTable('member').set({ vip_level: 3 }).where('id', '=', m.id).execute();
    const gold = ((await view(token)).body as Ok<RebateView>).value;
    expect(gold.lines.find((l) => l.product === 'slots')).toEqual({
      product: 'slots',
      turnover: '1000.00',
      rate: '0.80',
      amount: '8.00',
    });
    expect(gold.claimable).toBe('10.50'); // and lottery at 0.50 %
  });

  it('taking the rebate credits it once with its turnover requirement; only new turnover earns more', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    await bet(m.id, 'slots', 2_000n);
    const before = await wallet(m.id);
    // Ten in a row: one credit, the others find nothing left.
    const answers = await oneAfterAnother(10, () => claim(token));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect((ok[0]!.body as Ok<RewardItem>).value).toMatchObject({
      status: 'claimed',
      amount: '10.00',
      turnover: '10.00',
    });
    expect(answers.filter((a) => a.status === 409).map((a) => (a.body as Err).code)).toEqual(
      Array.from({ length: 9 }, () => 'rebate_nothing_to_claim'),
    );
    expect((await wallet(m.id)) - before).toBe(1_000n);
    const requirement = await t.ctx.db
      .selectFrom('wagering_requirement')
      .select('required')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(requirement.required)).toBe(1_000n);
    expect(((await view(token)).body as Ok<RebateView>).value).toMatchObject({
      claimable: '0.00',
      takenToday: '10.00',
      lines: [],
    });
    // Under the minimum (₱1.00): not yet.
    await bet(m.id, 'slots', 100n);
    expect(((await view(token)).body as Ok<RebateView>).value.claimable).toBe('0.00');
    expect((await claim(token)).status).toBe(409);
    await bet(m.id, 'slots', 100n);
    expect(((await claim(token)).body as Ok<RewardItem>).value.amount).toBe('1.00');
    await ledgerClean();
  });

  itRaces('taking the rebate ten times at once credits it once; the others find nothing left', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    await bet(m.id, 'slots', 2_000n);
    const before = await wallet(m.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(token)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect((ok[0]!.body as Ok<RewardItem>).value).toMatchObject({ amount: '10.00', turnover: '10.00' });
    expect(answers.filter((a) => a.status === 409).map((a) => (a.body as Err).code)).toEqual(
      Array.from({ length: 9 }, () => 'rebate_nothing_to_claim'),
    );
    expect((await wallet(m.id)) - before).toBe(1_000n);
    await ledgerClean();
  });

  it('the daily run pays what each closed day still owes, once, capped by the day’s maximum; trial accounts get nothing', async () => {
    const manual = await createMember(t);
    const untouched = await createMember(t);
    const whale = await createMember(t);
    const small = await createMember(t);
    const trial = await createMember(t, { type: MEMBER_TYPE.TRIAL });
    await bet(manual.id, 'slots', 1_000n);
    expect((await claim(await sessionFor(t, manual))).status).toBe(200); // ₱5.00 now
    await bet(manual.id, 'slots', 3_000n); // ₱15.00 left for the run
    await bet(untouched.id, 'live', 10_000n); // ₱30.00
    await bet(whale.id, 'slots', 2_000_000n); // ₱10,000 at 0.50 %: capped at ₱5,000
    await bet(small.id, 'slots', 150n); // ₱0.75: under the minimum
    await bet(trial.id, 'slots', 10_000n);
    const balances = async () =>
      Promise.all([manual, untouched, whale, small, trial].map((m) => wallet(m.id)));
    const start = await balances();
    // Not before the day has closed and its grace passed.
    t.clock.set(new Date(Date.parse(`${DAY}T23:59:00Z`)));
    expect(
      (await runDuePromotionRebates(t.ctx.db, t.clock, { merchantId: 1 })).filter((r) => r.day === DAY),
    ).toEqual([]);
    t.clock.set(new Date(Date.parse(`${DAY}T00:00:00Z`) + 86_400_000 + REBATE_GRACE_MS + 1_000));
    try {
      const runs = await runDuePromotionRebates(t.ctx.db, t.clock, { merchantId: 1, hooks: { chunk: 2 } });
      expect(runs.find((r) => r.day === DAY)).toMatchObject({ busy: false });
      const paid = (await balances()).map((b, i) => b - start[i]!);
      expect(paid).toEqual([1_500n, 3_000n, 500_000n, 0n, 0n]);
      // Again (a second process, a restart): nothing more.
      await runDuePromotionRebates(t.ctx.db, t.clock, { merchantId: 1 });
      expect((await balances()).map((b, i) => b - start[i]!)).toEqual(paid);
      // My rebate: the manual one and the run's, newest first, with their lines.
      const r = ((await report(await sessionFor(t, manual))).body as Ok<RebateReport>).value;
      expect(r.items.map((i) => [i.day, i.kind, i.turnover, i.amount])).toEqual([
        [DAY, 'daily', '3000.00', '15.00'],
        [DAY, 'manual', '1000.00', '5.00'],
      ]);
      expect(r.items[0]!.lines).toEqual([
        { product: 'slots', turnover: '3000.00', rate: '0.50', amount: '15.00' },
      ]);
      expect([r.turnover, r.amount]).toEqual(['4000.00', '20.00']);
      await ledgerClean();
    } finally {
      t.clock.set(new Date('2026-06-01T08:00:00.000Z'));
    }
  });

  it('refusals: a trial account cannot take a rebate, merchants without the flags refuse, a range too long is refused', async () => {
    const trial = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.TRIAL }));
    expect((await claim(trial)).status).toBe(403);
    const luzon = await sessionFor(t, await createMember(t, { merchant: 'luzon' }));
    const off = await t.request<Err>({
      method: 'GET',
      url: '/api/promotions/rebate',
      headers: { merchant: 'luzon', ...bearer(luzon) },
    });
    expect(off.status).toBe(403);
    const offReport = await t.request<Err>({
      method: 'GET',
      url: '/api/promotions/rebate/report?startDate=2026-06-01&endDate=2026-06-01',
      headers: { merchant: 'luzon', ...bearer(luzon) },
    });
    expect(offReport.status).toBe(403);
    const token = await sessionFor(t, await createMember(t));
    const long = await report(token, '2026-01-01', '2026-06-01');
    expect([long.status, (long.body as Err).code]).toEqual([400, 'range_too_long']);
    const bad = await report(token, '2026-06-01\u0000', '2026-06-01');
    expect(bad.status).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/promotions/rebate' })).status).toBe(401);
  });
});
