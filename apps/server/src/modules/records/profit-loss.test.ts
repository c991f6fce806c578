import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { ledgerAccount, memberWalletKey, postTransfer } from '../wallet/ledger';
import { postForMember } from './test-ledger';

type Ok<T> = { success: true; value: T };
interface Sums {
  deposits: string;
  withdrawals: string;
  bets: string;
  wins: string;
  bonuses: string;
  rebates: string;
  profit: string;
}
interface Report {
  from: string;
  to: string;
  totals: Sums;
  days: (Sums & { date: string })[];
}

describe('profit and loss', () => {
  let t: TestApp;
  let merchantId: number;
  let memberId: bigint;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const m = await createMember(t);
    merchantId = m.merchant_id;
    memberId = m.id;
    token = await sessionFor(t, m);
    const post = (kind: string, amount: bigint, at: string) =>
      postForMember(t.ctx.db, { merchantId, memberId, kind, amount, at });
    // Day 1 (2026-05-10): deposit 1000 + bonus 30, bet 200, win 350, a withdrawal of 500 held.
    await post('deposit', 100_000n, '2026-05-10T01:00:00Z');
    await post('deposit_bonus', 3_000n, '2026-05-10T01:00:00Z');
    await post('bet', -20_000n, '2026-05-10T02:00:00Z');
    await post('win', 35_000n, '2026-05-10T02:01:00Z');
    const pending = await ledgerAccount(t.ctx.db, {
      merchantId,
      book: 'real',
      kind: 'pending_withdrawal',
      ownerMemberId: memberId,
      currency: 'PHP',
    });
    const wallet = await ledgerAccount(t.ctx.db, memberWalletKey(merchantId, memberId, 'PHP'));
    const clearing = await ledgerAccount(t.ctx.db, {
      merchantId,
      book: 'real',
      kind: 'payment_clearing',
      ref: 'bank',
      currency: 'PHP',
    });
    const move = (kind: string, from: bigint, to: bigint, amount: bigint, at: string) =>
      t.ctx.db.transaction().execute((trx) =>
        postTransfer(trx, {
          merchantId,
          book: 'real',
          kind,
          createdBy: 'system:test',
          at: new Date(at),
          legs: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
        }),
      );
    await move('withdrawal_hold', wallet, pending, 50_000n, '2026-05-10T03:00:00Z');
    // Day 2 (2026-05-11): 200 of the withdrawal comes back (rejected), 300 is paid (not a wallet entry);
    // bet 100 rolled back; rebate 5; an adjustment of 50 and a transfer of 10 to the upline (not play).
    await move('withdrawal_release', pending, wallet, 20_000n, '2026-05-11T00:30:00Z');
    await move('withdrawal_paid', pending, clearing, 30_000n, '2026-05-11T00:31:00Z');
    await post('bet', -10_000n, '2026-05-11T05:00:00Z');
    await post('rollback', 10_000n, '2026-05-11T05:01:00Z');
    await post('rebate', 500n, '2026-05-11T06:00:00Z');
    await post('adjustment', 5_000n, '2026-05-11T07:00:00Z');
    await post('transfer_upline', -1_000n, '2026-05-11T08:00:00Z');
    // Outside the reported period.
    await post('win', 99_900n, '2026-05-12T00:00:00Z');
    await post('deposit', 77_700n, '2026-05-09T23:59:59Z');
  });
  afterAll(async () => t.close());

  const report = (query: Record<string, string>, auth = token) =>
    t.request<Ok<Report>>({ method: 'GET', url: '/api/cashier/profit-loss', query, headers: bearer(auth) });

  it('WALLET-010 MINE-024 totals and per-day rows computed from the ledger match the hand-computed fixture', async () => {
    const res = await report({ from: '2026-05-10', to: '2026-05-11' });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      from: '2026-05-10',
      to: '2026-05-11',
      totals: {
        deposits: '1000.00',
        withdrawals: '300.00',
        bets: '200.00',
        wins: '350.00',
        bonuses: '30.00',
        rebates: '5.00',
        profit: '185.00',
      },
      days: [
        {
          date: '2026-05-11',
          deposits: '0.00',
          withdrawals: '-200.00',
          bets: '0.00',
          wins: '0.00',
          bonuses: '0.00',
          rebates: '5.00',
          profit: '5.00',
        },
        {
          date: '2026-05-10',
          deposits: '1000.00',
          withdrawals: '500.00',
          bets: '200.00',
          wins: '350.00',
          bonuses: '30.00',
          rebates: '0.00',
          profit: '180.00',
        },
      ],
    });
    await expectLedgerClean(t.ctx.db);
  });

  it('a period without movement reports zeros and no days; another member sees only their own', async () => {
    const empty = await report({ from: '2026-01-01', to: '2026-01-31' });
    expect(empty.body.value.days).toEqual([]);
    expect(empty.body.value.totals.profit).toBe('0.00');
    const other = await createMember(t);
    const res = await report({ from: '2026-05-10', to: '2026-05-11' }, await sessionFor(t, other));
    expect(res.body.value.totals).toMatchObject({ deposits: '0.00', wins: '0.00', profit: '0.00' });
  });

  it('days follow the merchant’s time zone when it has one', async () => {
    const tz = (zone: string | null) =>
      sql`update merchant set settings = ${zone ? sql`settings || jsonb_build_object('timeZone', ${zone}::text)` : sql`settings - 'timeZone'`} where id = ${merchantId}`.execute(
        t.ctx.db,
      );
    await tz('Asia/Manila');
    try {
      // 2026-05-09T23:59:59Z is 07:59:59 on 2026-05-10 in Manila; 2026-05-11T08:00Z is 16:00 on the 11th.
      const res = await report({ from: '2026-05-10', to: '2026-05-10' });
      expect(res.body.value.totals.deposits).toBe('1777.00');
      const entries = await t.request<Ok<{ total: number }>>({
        method: 'GET',
        url: '/api/cashier/transactions',
        query: { from: '2026-05-10', to: '2026-05-10', types: 'deposit' },
        headers: bearer(token),
      });
      expect(entries.body.value.total).toBe(2);
    } finally {
      await tz(null);
    }
  });

  it('a period of at most 90 days; longer is 400 range_too_long, reversed is 400 date_range_invalid', async () => {
    expect((await report({ from: '2026-01-01', to: '2026-03-31' })).status).toBe(200);
    const long = await report({ from: '2026-01-01', to: '2026-04-01' });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false, code: 'range_too_long' });
    const reversed = await report({ from: '2026-05-11', to: '2026-05-10' });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ success: false, code: 'date_range_invalid' });
    expect((await report({ from: '2026-05-10' })).status).toBe(400);
    expect((await report({ from: 'yesterday', to: '2026-05-10' })).status).toBe(400);
    const visitor = await t.request({
      method: 'GET',
      url: '/api/cashier/profit-loss',
      query: { from: '2026-05-10', to: '2026-05-11' },
    });
    expect(visitor.status).toBe(401);
  });
});
