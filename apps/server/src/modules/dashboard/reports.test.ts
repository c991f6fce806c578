import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@panalo/contract/reports';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { addToMemberDay } from '../stats/member-day';
import { daysBetween } from './reports.service';

describe('the console’s profit-and-loss report (issue 20 screen 9)', () => {
  let t: TestApp;
  let ops: string;
  let merchantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-07-20T04:00:00Z');
    const staff = await createMember(t, { type: 90 });
    merchantId = staff.merchant_id;
    ops = await sessionFor(t, staff);
  });
  afterAll(() => t.close());

  const get = <T = Report>(url: string, token = ops) =>
    t.request<{ value: T; code?: string }>({ method: 'GET', url, headers: bearer(token) });

  it('sums any range by day, product group, vendor and game from the daily aggregates; this merchant only', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const luzon = await createMember(t, { merchant: 'luzon' });
    const at = (day: string) => new Date(`${day}T05:00:00Z`);
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: a.id,
      at: at('2026-07-01'),
      product: 'slots',
      figures: { bets: 10_000n, betCount: 2, wins: 4_000n },
    });
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: b.id,
      at: at('2026-07-01'),
      product: 'lottery',
      figures: { bets: 5_000n, betCount: 1, refunds: 1_000n },
    });
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: b.id,
      at: at('2026-07-03'),
      product: '',
      figures: {
        deposits: 20_000n,
        depositCount: 1,
        bonuses: 500n,
        rebates: 100n,
        withdrawals: 3_000n,
        withdrawalCount: 1,
      },
    });
    await addToMemberDay(t.ctx.db, {
      merchantId,
      memberId: a.id,
      at: at('2026-06-15'),
      product: 'slots',
      figures: { bets: 77_700n, betCount: 1 },
    });
    await addToMemberDay(t.ctx.db, {
      merchantId: luzon.merchant_id,
      memberId: luzon.id,
      at: at('2026-07-01'),
      product: 'slots',
      figures: { bets: 99_900n, betCount: 1 },
    });
    await t.ctx.db
      .insertInto('game_day')
      .values([
        {
          merchant_id: merchantId,
          day: '2026-07-01',
          vendor_id: 0,
          game: 'rep-a',
          bets: 6_000n,
          bet_count: 1,
          wins: 4_000n,
          refunds: 0n,
        },
        {
          merchant_id: merchantId,
          day: '2026-07-02',
          vendor_id: 0,
          game: 'rep-a',
          bets: 1_000n,
          bet_count: 1,
          wins: 0n,
          refunds: 0n,
        },
        {
          merchant_id: merchantId,
          day: '2026-07-01',
          vendor_id: 0,
          game: '=HYPERLINK("x")',
          bets: 4_000n,
          bet_count: 1,
          wins: 0n,
          refunds: 0n,
        },
        {
          merchant_id: luzon.merchant_id,
          day: '2026-07-01',
          vendor_id: 0,
          game: 'rep-luzon',
          bets: 9_000n,
          bet_count: 1,
          wins: 0n,
          refunds: 0n,
        },
      ])
      .execute();

    const byDay = (await get('/api/ops/reports/pnl?from=2026-07-01&to=2026-07-03&by=day')).body.value;
    expect(byDay.rows.map((r) => r.key)).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
    expect(byDay.rows[0]).toMatchObject({
      bets: 3,
      turnover: '140.00',
      wins: '40.00',
      ggr: '100.00',
      players: 2,
    });
    expect(byDay.rows[1]).toMatchObject({ bets: 0, turnover: '0.00', players: 0 });
    expect(byDay.rows[2]).toMatchObject({
      deposits: '200.00',
      depositCount: 1,
      withdrawals: '30.00',
      bonuses: '5.00',
    });
    expect(byDay.total).toMatchObject({
      turnover: '140.00',
      ggr: '100.00',
      ngr: '94.00',
      deposits: '200.00',
      withdrawals: '30.00',
      players: null,
    });

    const byProduct = (await get('/api/ops/reports/pnl?from=2026-07-01&to=2026-07-03&by=product')).body.value;
    expect(byProduct.rows.filter((r) => r.key !== '')).toMatchObject([
      { key: 'slots', turnover: '100.00', ggr: '60.00' },
      { key: 'lottery', turnover: '40.00', ggr: '40.00' },
    ]);

    const byGame = (await get('/api/ops/reports/pnl?from=2026-07-01&to=2026-07-02&by=game')).body.value;
    expect(byGame.rows).toMatchObject([
      { key: 'rep-a', turnover: '70.00', ggr: '30.00', bets: 2, deposits: null, ngr: null },
      { key: '=HYPERLINK("x")', turnover: '40.00' },
    ]);
    expect(byGame.total).toMatchObject({ turnover: '110.00', bets: 3 });
    const byVendor = (await get('/api/ops/reports/pnl?from=2026-07-01&to=2026-07-01&by=vendor')).body.value;
    expect(byVendor.rows).toMatchObject([{ key: '', turnover: '100.00', bets: 2 }]);

    // The CSV: the same lines and the total; a cell a spreadsheet would run is neutralised.
    const csv = await t.request({
      method: 'GET',
      url: '/api/ops/reports/pnl/export?from=2026-07-01&to=2026-07-02&by=game',
      headers: bearer(ops),
    });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const lines = String(csv.body).split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFgame,name,vendor,bets,turnover/);
    expect(lines[1]).toMatch(/^rep-a,rep-a,,2,70\.00,40\.00,30\.00,/);
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""x""\)"/);
    expect(lines[3]).toMatch(/^total,,,3,110\.00/);
  });

  it('refuses a range that is backwards, longer than 366 days or not a date; staff without reports; members', async () => {
    for (const q of [
      'from=2026-07-03&to=2026-07-01',
      'from=2025-01-01&to=2026-07-01',
      'from=2026-13-01&to=2026-07-01',
      'from=x&to=y',
      'from=2026-07-01&to=2026-07-02&by=member',
    ]) {
      const r = await get(`/api/ops/reports/pnl?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.code, q).toMatch(/report_range|validation_failed/);
    }
    expect((await get('/api/ops/reports/pnl?from=2025-07-21&to=2026-07-21')).status).toBe(200);
    const support = await createMember(t, { type: 90 });
    await t.ctx.db
      .updateTable('staff_account')
      .set({ role: 'support' })
      .where('member_id', '=', support.id)
      .execute();
    expect(
      (await get('/api/ops/reports/pnl?from=2026-07-01&to=2026-07-01', await sessionFor(t, support))).status,
    ).toBe(403);
    const member = await createMember(t);
    expect(
      (await get('/api/ops/reports/pnl?from=2026-07-01&to=2026-07-01', await sessionFor(t, member))).status,
    ).toBe(403);
  });

  it('without a range, reads the merchant’s last 30 days up to its today', async () => {
    const r = (await get('/api/ops/reports/pnl')).body.value;
    expect(r.today).toBe('2026-07-20');
    expect([r.from, r.to, r.by, r.rows.length]).toEqual(['2026-06-21', '2026-07-20', 'day', 30]);
    const later = (await get('/api/ops/reports/pnl?from=2026-07-21')).body;
    expect(later.code).toBe('report_range');
  });

  it('counts the days of a range inclusively, across a month and a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysBetween('2026-07-02', '2026-07-01')).toBeNull();
    expect(daysBetween('2026-01-01', '2026-12-31')).toHaveLength(365);
    expect(daysBetween('2025-01-01', '2026-01-02')).toBeNull();
  });
});
