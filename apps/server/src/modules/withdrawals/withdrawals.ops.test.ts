import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { opsWithdrawal, Withdrawal } from '@panalo/contract/cashier';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { accountBalance } from '../wallet/ledger';
import { payoutClearingKey } from './withdrawals.service';
import { systemMailsOf } from '../../test-support/mail';
import {
  as,
  type Either,
  type Err,
  newKey,
  type Ok,
  operator,
  pendingOf,
  player,
  readyPlayer,
  walletOf,
  withdraw,
} from './withdrawals.test-helpers';
import { itRaces } from '../../test-support/races';

type OpsPage = { list: z.infer<typeof opsWithdrawal>[]; pageNum: number; totalPages: number; total: number };

describe('withdrawals (operator side)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const decide = (
    op: Awaited<ReturnType<typeof operator>>,
    id: string,
    decision: 'approve' | 'reject',
    body: object = {},
    key: string | null = newKey(),
  ) =>
    as<Either<Withdrawal>>(
      t,
      op,
      'POST',
      `/api/ops/withdrawals/${id}/${decision}`,
      body,
      key === null ? {} : { 'idempotency-key': key },
    );

  async function pendingWithdrawal(amount = '1000', cardNumber?: string) {
    const p = await readyPlayer(t, { balance: 300_000n, ...(cardNumber ? { cardNumber } : {}) });
    const r = await withdraw(t, p, { cardId: p.card.id, amount });
    expect(r.status).toBe(200);
    return { p, w: (r.body as Ok<Withdrawal>).value };
  }

  /** The ledger transfers of a withdrawal, oldest first. */
  const transfersOf = (id: string) =>
    t.ctx.db
      .selectFrom('ledger_transfer')
      .select(['id', 'kind', 'created_by', 'memo', 'idempotency_scope', 'idempotency_key'])
      .where('reference', '=', `withdrawal:${id}`)
      .orderBy('id')
      .execute();

  /** A transfer's legs with their accounts, money out first. */
  const legsOf = (transferId: bigint) =>
    t.ctx.db
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
      .select(['a.kind', 'a.ref', 'a.owner_member_id', 'e.amount'])
      .where('e.transfer_id', '=', transferId)
      .orderBy('e.amount')
      .execute();

  /** The transfers a withdrawal is linked to: the hold, then the payout or the release. */
  const linksOf = (id: string) =>
    t.ctx.db
      .selectFrom('withdrawal')
      .select(['hold_transfer_id', 'final_transfer_id'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();

  it('WALLET-012 the operator lists this merchant’s withdrawals with payee name and the full card number for paying out', async () => {
    const op = await operator(t);
    const { p, w } = await pendingWithdrawal('1000', '5200828282828210');
    const list = await as<Ok<OpsPage>>(t, op, 'GET', '/api/ops/withdrawals?status=pending&pageSize=100');
    expect(list.status).toBe(200);
    const row = list.body.value.list.find((x) => x.id === w.id);
    expect(row).toMatchObject({
      memberId: p.member.id.toString(),
      username: p.member.username,
      payeeName: 'Maria Clara',
      cardNumber: '5200828282828210',
      cardLast4: '8210',
      amount: '1000.00',
      status: 'pending',
    });
    expect((await as(t, op, 'GET', '/api/ops/withdrawals?status=bogus')).status).toBe(400);
    // Paged newest first: the second page of one holds the one before.
    const { w: later } = await pendingWithdrawal('1100');
    const first = await as<Ok<OpsPage>>(t, op, 'GET', '/api/ops/withdrawals?status=pending&pageSize=1');
    const second = await as<Ok<OpsPage>>(
      t,
      op,
      'GET',
      '/api/ops/withdrawals?status=pending&pageSize=1&page=2',
    );
    expect([first.body.value.list[0]?.id, second.body.value.list[0]?.id]).toEqual([later.id, w.id]);
    await expectLedgerClean(t.ctx.db);
  });

  it('issue 49 item 7: the queue filters by the merchant’s local days, an amount range and a member, and its CSV follows them', async () => {
    const op = await operator(t);
    t.clock.set('2026-06-03T10:00:00Z');
    const a = await pendingWithdrawal('1500');
    const b = await pendingWithdrawal('2500');
    t.clock.set('2026-06-05T10:00:00Z');
    const c = await pendingWithdrawal('2000');
    const ids = async (query: string) =>
      (await as<Ok<OpsPage>>(t, op, 'GET', `/api/ops/withdrawals?pageSize=100&${query}`)).body.value.list
        .map((w) => w.id)
        .filter((id) => [a.w.id, b.w.id, c.w.id].includes(id))
        .sort();
    const sorted = (...xs: string[]) => [...xs].sort();
    expect(await ids('from=2026-06-03&to=2026-06-03')).toEqual(sorted(a.w.id, b.w.id));
    expect(await ids('from=2026-06-04')).toEqual([c.w.id]);
    expect(await ids('from=2026-06-03&minAmount=2000')).toEqual(sorted(b.w.id, c.w.id));
    expect(await ids('from=2026-06-03&maxAmount=2000.00')).toEqual(sorted(a.w.id, c.w.id));
    expect(await ids(`username=${b.p.member.username}`)).toEqual([b.w.id]);
    const csv = await t.request({
      method: 'GET',
      url: `/api/ops/withdrawals/export?from=2026-06-05&to=2026-06-05`,
      headers: op.headers,
    });
    expect(String(csv.body)).toContain(c.w.id);
    expect(String(csv.body)).not.toContain(`\n${a.w.id},`);
    // A range the wrong way round, or a malformed amount, is refused, not an empty page.
    for (const bad of [
      'from=2026-06-05&to=2026-06-01',
      'minAmount=30&maxAmount=20',
      'minAmount=-1',
      'from=06-05',
    ])
      expect((await as(t, op, 'GET', `/api/ops/withdrawals?${bad}`)).status).toBe(400);
    t.clock.set('2026-06-01T08:00:00.000Z');
  });

  it('WALLET-012 the queue’s total and pages follow its filters: one member’s withdrawals by status, two to a page', async () => {
    const op = await operator(t);
    const p = await readyPlayer(t, { balance: 1_000_000n });
    const ids: string[] = [];
    for (const amount of ['100', '200', '300']) {
      const r = await withdraw(t, p, { cardId: p.card.id, amount });
      ids.push((r.body as Ok<Withdrawal>).value.id);
    }
    expect((await decide(op, ids[0]!, 'approve')).status).toBe(200);
    const page = async (query: string) => {
      const r = await as<Ok<OpsPage>>(
        t,
        op,
        'GET',
        `/api/ops/withdrawals?username=${p.member.username}&${query}`,
      );
      expect(r.status, query).toBe(200);
      const { list, ...rest } = r.body.value;
      return { ...rest, amounts: list.map((w) => w.amount) };
    };
    expect(await page('pageSize=2')).toEqual({
      pageNum: 1,
      totalPages: 2,
      total: 3,
      amounts: ['300.00', '200.00'],
    });
    expect(await page('pageSize=2&page=2')).toEqual({
      pageNum: 2,
      totalPages: 2,
      total: 3,
      amounts: ['100.00'],
    });
    expect(await page('status=pending&pageSize=2')).toEqual({
      pageNum: 1,
      totalPages: 1,
      total: 2,
      amounts: ['300.00', '200.00'],
    });
    expect(await page('status=paid&pageSize=2')).toEqual({
      pageNum: 1,
      totalPages: 1,
      total: 1,
      amounts: ['100.00'],
    });
    // A payment method is a deposit's filter: a withdrawal has none, so the queue ignores it.
    expect(await page('method=gcash&pageSize=2')).toEqual({
      pageNum: 1,
      totalPages: 2,
      total: 3,
      amounts: ['300.00', '200.00'],
    });
  });

  it('ROLE-002 members, agents and trial accounts cannot use the operator calls (403 no_permission)', async () => {
    const { w } = await pendingWithdrawal();
    for (const type of [0, 1, 4]) {
      const someone = await player(t, { type });
      expect((await as<Err>(t, someone, 'GET', '/api/ops/withdrawals')).body.code).toBe('no_permission');
      const r = await decide(someone, w.id, 'approve');
      expect([r.status, r.body.code]).toEqual([403, 'no_permission']);
    }
    expect((await t.request({ method: 'GET', url: '/api/ops/withdrawals' })).status).toBe(401);
    await expectLedgerClean(t.ctx.db);
  });

  it('issue 22: a withdrawal requested before a self-exclusion is still paid (and one before a rejection still returns)', async () => {
    const op = await operator(t);
    const { p, w } = await pendingWithdrawal('1000');
    const excluded = await as<Either<unknown>>(t, op, 'POST', '/api/ops/exclusions', {
      username: p.member.username,
      period: 'exclusion_1y',
      reason: 'asked for it by phone',
    });
    expect(excluded.status).toBe(200);
    const r = await decide(op, w.id, 'approve');
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ id: w.id, status: 'paid' });
    const second = await pendingWithdrawal('500');
    await as(t, op, 'POST', '/api/ops/exclusions', {
      username: second.p.member.username,
      period: 'timeout_7d',
      reason: 'cooling off',
    });
    expect((await decide(op, second.w.id, 'reject', { reason: 'name mismatch' })).body.value).toMatchObject({
      status: 'rejected',
    });
    expect(await walletOf(t, second.p)).toBe(300_000n);
  });

  it('issue 53: a money-laundering case that freezes the member’s withdrawals stops their payout, not their return', async () => {
    const op = await operator(t);
    const { p, w } = await pendingWithdrawal('1000');
    const second = await pendingWithdrawal('800');
    await t.ctx.db
      .insertInto('aml_case')
      .values(
        [p, second.p].map((x) => ({
          merchant_id: x.member.merchant_id,
          rule: 'covered' as const,
          member_id: x.member.id,
          subject: `t:test-${x.member.id}`,
          amount: 100_000n,
          evidence: JSON.stringify({}),
          status: 'escalated' as const,
          freezes_withdrawals: true,
          opened_at: t.clock.now(),
        })),
      )
      .execute();
    const refused = await decide(op, w.id, 'approve');
    expect([refused.status, (refused.body as unknown as { code: string }).code]).toEqual([
      409,
      'withdrawals_frozen',
    ]);
    expect((await linksOf(w.id)).final_transfer_id).toBeNull();
    const returned = await decide(op, second.w.id, 'reject', { reason: 'account under review' });
    expect(returned.body.value).toMatchObject({ status: 'rejected' });
    expect(await walletOf(t, second.p)).toBe(300_000n);
  });

  it('WALLET-002 approve: pending → paid; the held money leaves through payout clearing (withdrawal_paid), audited; twice is 409', async () => {
    const op = await operator(t);
    const { p, w } = await pendingWithdrawal('1000');
    const clearingBefore = await accountBalance(t.ctx.db, payoutClearingKey(p.member.merchant_id, 'PHP'));
    expect((await decide(op, w.id, 'approve', {}, null)).body.code).toBe('idempotency_key_required');
    const key = newKey();
    const r = await decide(op, w.id, 'approve', {}, key);
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ id: w.id, status: 'paid' });
    // The key is this decision's: on another withdrawal it is a conflict, and that one stays pending.
    const other = await pendingWithdrawal('500');
    const reused = await decide(op, other.w.id, 'approve', {}, key);
    expect([reused.status, reused.body.code]).toEqual([409, 'idempotency_conflict']);
    expect(await pendingOf(t, other.p)).toBe(50_000n);
    expect([await walletOf(t, p), await pendingOf(t, p)]).toEqual([200_000n, 0n]);
    expect(await accountBalance(t.ctx.db, payoutClearingKey(p.member.merchant_id, 'PHP'))).toBe(
      clearingBefore + 100_000n,
    );
    // The same key replays the answer; a new key finds it decided.
    const replay = await decide(op, w.id, 'approve', {}, key);
    expect([replay.status, replay.body]).toEqual([200, r.body]);
    for (const d of ['approve', 'reject'] as const) {
      const again = await decide(op, w.id, d, { reason: 'again' });
      expect([again.status, again.body.code]).toEqual([409, 'withdrawal_not_pending']);
    }
    expect([await walletOf(t, p), await pendingOf(t, p)]).toEqual([200_000n, 0n]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'details'])
      .where('target', '=', `withdrawal:${w.id}`)
      .execute();
    const transfers = await transfersOf(w.id);
    expect(transfers.map((x) => x.kind)).toEqual(['withdrawal_hold', 'withdrawal_paid']);
    const paid = transfers[1]!;
    expect(paid).toMatchObject({
      created_by: `operator:${op.member.id}`,
      memo: null,
      idempotency_scope: 'ops.withdrawal.approve',
      idempotency_key: key,
    });
    // Paid out of the member's pending account into the merchant's bank payout clearing account.
    expect(await legsOf(paid.id)).toEqual([
      { kind: 'pending_withdrawal', ref: '', owner_member_id: p.member.id, amount: -100_000n },
      { kind: 'payment_clearing', ref: 'bank_payout', owner_member_id: null, amount: 100_000n },
    ]);
    expect(await linksOf(w.id)).toEqual({ hold_transfer_id: transfers[0]!.id, final_transfer_id: paid.id });
    expect(audit).toEqual([
      {
        actor: `operator:${op.member.id}`,
        action: 'withdrawal.approve',
        details: {
          memberId: p.member.id.toString(),
          amount: '100000',
          reason: null,
          transferId: paid.id.toString(),
        },
      },
    ]);
    const mine = await as<Ok<{ list: Withdrawal[] }>>(t, p, 'GET', '/api/cashier/withdrawals?status=paid');
    expect(mine.body.value.list.map((x) => x.id)).toEqual([w.id]);
    // The queue by status: paid now, no longer pending.
    const ids = async (status: string) =>
      (
        await as<Ok<OpsPage>>(t, op, 'GET', `/api/ops/withdrawals?status=${status}&pageSize=100`)
      ).body.value.list.map((x) => x.id);
    expect(await ids('paid')).toContain(w.id);
    expect(await ids('pending')).not.toContain(w.id);
    // Issue 19: the member is told by a system mail, once.
    expect(await systemMailsOf(t.ctx.db, p.member.id)).toEqual([
      { template: 'withdrawal_paid', params: { amount: '1000.00' } },
    ]);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-002 reject needs a reason; the money returns to the wallet (withdrawal_release), audited; the member sees the reason', async () => {
    const op = await operator(t);
    const { p, w } = await pendingWithdrawal('2500');
    expect([await walletOf(t, p), await pendingOf(t, p)]).toEqual([50_000n, 250_000n]);
    const noReason = await decide(op, w.id, 'reject', {});
    expect([noReason.status, noReason.body.code]).toEqual([400, 'reason_required']);
    const r = await decide(op, w.id, 'reject', { reason: 'Name on the account does not match' });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({ status: 'rejected', reason: 'Name on the account does not match' });
    expect([await walletOf(t, p), await pendingOf(t, p)]).toEqual([300_000n, 0n]);
    const again = await decide(op, w.id, 'approve');
    expect([again.status, again.body.code]).toEqual([409, 'withdrawal_not_pending']);
    expect([await walletOf(t, p), await pendingOf(t, p)]).toEqual([300_000n, 0n]);
    // The money goes back by its own kind of transfer, keyed by the rejection, with the reason as its memo.
    const transfers = await transfersOf(w.id);
    expect(transfers.map((x) => x.kind)).toEqual(['withdrawal_hold', 'withdrawal_release']);
    const released = transfers[1]!;
    expect(released).toMatchObject({
      created_by: `operator:${op.member.id}`,
      memo: 'Name on the account does not match',
      idempotency_scope: 'ops.withdrawal.reject',
    });
    expect(await legsOf(released.id)).toEqual([
      { kind: 'pending_withdrawal', ref: '', owner_member_id: p.member.id, amount: -250_000n },
      { kind: 'member_wallet', ref: '', owner_member_id: p.member.id, amount: 250_000n },
    ]);
    expect(await linksOf(w.id)).toEqual({
      hold_transfer_id: transfers[0]!.id,
      final_transfer_id: released.id,
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `withdrawal:${w.id}`)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'withdrawal.reject',
      details: {
        memberId: p.member.id.toString(),
        amount: '250000',
        reason: 'Name on the account does not match',
        transferId: released.id.toString(),
      },
    });
    const mine = await as<Ok<{ list: Withdrawal[] }>>(t, p, 'GET', '/api/cashier/withdrawals');
    expect(mine.body.value.list[0]).toMatchObject({
      status: 'rejected',
      reason: 'Name on the account does not match',
    });
    expect(await systemMailsOf(t.ctx.db, p.member.id)).toEqual([
      {
        template: 'withdrawal_rejected',
        params: { amount: '2500.00', reason: 'Name on the account does not match' },
      },
    ]);
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-012 isolation: luzon’s operator neither lists nor decides panalo’s withdrawals', async () => {
    const luzonOp = await operator(t, 'luzon');
    const { p, w } = await pendingWithdrawal('700');
    const list = await as<Ok<OpsPage>>(t, luzonOp, 'GET', '/api/ops/withdrawals?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.body.value.list.map((x) => x.id)).not.toContain(w.id);
    for (const d of ['approve', 'reject'] as const) {
      const r = await decide(luzonOp, w.id, d, { reason: 'not mine' });
      expect([r.status, r.body.code]).toEqual([404, 'not_found']);
    }
    // Its session, taken to panalo's host, is nobody there.
    const cross = await t.request<Err>({
      method: 'POST',
      url: `/api/ops/withdrawals/${w.id}/approve`,
      headers: { ...luzonOp.headers, host: 'localhost', 'idempotency-key': newKey() },
      payload: {},
    });
    expect(cross.status).toBe(401);
    expect([await walletOf(t, p), await pendingOf(t, p)]).toEqual([230_000n, 70_000n]);
    const status = await t.ctx.db
      .selectFrom('withdrawal')
      .select('status')
      .where('id', '=', BigInt(w.id))
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('pending');
    await expectLedgerClean(t.ctx.db);
  });

  itRaces('WALLET-002 approve and reject of one withdrawal at once: exactly one decision wins', async () => {
    const op = await operator(t);
    const { p, w } = await pendingWithdrawal('1000');
    const results = await Promise.all([
      decide(op, w.id, 'approve'),
      decide(op, w.id, 'reject', { reason: 'race' }),
      decide(op, w.id, 'approve'),
      decide(op, w.id, 'reject', { reason: 'race' }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.code === 'withdrawal_not_pending'),
    ).toBe(true);
    const won = results.find((r) => r.status === 200)!.body.value.status;
    expect(await pendingOf(t, p)).toBe(0n);
    expect(await walletOf(t, p)).toBe(won === 'paid' ? 200_000n : 300_000n);
    await expectLedgerClean(t.ctx.db);
  });
});
