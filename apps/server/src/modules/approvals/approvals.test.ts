import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval, StaffRole } from '@panalo/contract/staff';
import { expectLedgerClean } from '../../test-support/ledger';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createDeposit, newKey } from '../deposits/deposits.test-helpers';
import { readyPlayer, walletOf, withdraw } from '../withdrawals/withdrawals.test-helpers';
import { itRaces } from '../../test-support/races';

type Answer<T = unknown> = { success: boolean; code?: string; value: T };

describe('maker-checker: large adjustments and withdrawals need a second staff member (issue 20)', () => {
  let t: TestApp;
  let owner: string;
  let finance: string;
  let ownerId: bigint;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = async (role: StaffRole) => {
      const m = await createStaffMember(t, role);
      return { m, token: await sessionFor(t, m) };
    };
    const o = await staff('owner');
    owner = o.token;
    ownerId = o.m.id;
    finance = (await staff('finance')).token;
    const set = await call(owner, 'PUT', '/api/ops/approvals/thresholds', {
      adjustmentAbove: '500.00',
      withdrawalAbove: '300.00',
      reason: 'Two people for large amounts',
    });
    expect(set.status).toBe(200);
  });
  afterAll(() => t.close());

  function call<T = unknown>(
    token: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
    key = newKey(),
  ) {
    return t.request<Answer<T>>({
      method,
      url,
      headers: { ...bearer(token), ...(method === 'POST' ? { 'idempotency-key': key } : {}) },
      ...(body ? { payload: body } : {}),
    });
  }
  const decide = (
    token: string,
    id: string,
    decision: 'approve' | 'reject',
    reason?: string,
    key = newKey(),
  ) => call<Approval>(token, 'POST', `/api/ops/approvals/${id}/${decision}`, reason ? { reason } : {}, key);

  it('an adjustment above the threshold waits; its maker cannot approve it (nor can the database be told so); a second staff member carries it out once', async () => {
    const member = await createMember(t);
    const small = await call(owner, 'POST', '/api/ops/adjustments', {
      username: member.username,
      amount: '500.00',
      reason: 'At the threshold: no second person',
    });
    expect(small.status).toBe(200);

    const key = newKey();
    const body = { username: member.username, amount: '1200.00', reason: 'Goodwill after an outage' };
    const asked = await call<{ pending: true; approval: Approval }>(
      owner,
      'POST',
      '/api/ops/adjustments',
      body,
      key,
    );
    expect(asked.status).toBe(202);
    const approval = asked.body.value.approval;
    expect(approval).toMatchObject({
      kind: 'adjustment',
      amount: '1200.00',
      status: 'pending',
      checker: null,
    });
    // The maker's retry is the same request.
    const again = await call<{ approval: Approval }>(owner, 'POST', '/api/ops/adjustments', body, key);
    expect(again.body.value.approval.id).toBe(approval.id);
    expect(await walletOf(t, { member } as never)).toBe(50_000n);

    const own = await decide(owner, approval.id, 'approve');
    expect([own.status, own.body.code]).toEqual([403, 'approval_own_request']);
    // Not even a direct write makes the maker its checker.
    await expect(
      sql`update staff_approval set status = 'approved', checker_id = maker_id where id = ${BigInt(approval.id)}`.execute(
        t.ctx.db,
      ),
    ).rejects.toThrow();

    const list = await call<{ list: Approval[] }>(finance, 'GET', '/api/ops/approvals');
    expect(list.body.value.list.map((a) => a.id)).toContain(approval.id);
    const done = await decide(finance, approval.id, 'approve');
    expect(done.status).toBe(200);
    expect(done.body.value).toMatchObject({ status: 'approved', checker: expect.any(String) });
    expect(await walletOf(t, { member } as never)).toBe(170_000n);
    const twice = await decide(finance, approval.id, 'approve');
    expect([twice.status, twice.body.code]).toEqual([409, 'approval_decided']);
    expect(await walletOf(t, { member } as never)).toBe(170_000n);

    // Audited: the request, the approval and the adjustment; the staff's calls with their address.
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', 'in', [`member:${member.username}`, `member:${member.id}`])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['approval.approve', 'approval.request', 'balance.adjust', 'balance.adjust'].sort(),
    );
    const actions = await call<{ list: { route: string; status: number; ip: string | null }[] }>(
      owner,
      'GET',
      '/api/ops/staff-actions',
    );
    expect(
      actions.body.value.list.some((a) => a.route === '/api/ops/approvals/:id/:decision' && a.status === 200),
    ).toBe(true);
    expect(actions.body.value.list.every((a) => a.ip)).toBe(true);
    await expectLedgerClean(t.ctx.db);
  });

  it('an approved debit the wallet cannot pay is refused and stays waiting; a rejection needs a reason and moves nothing', async () => {
    const member = await createMember(t);
    const asked = await call<{ approval: Approval }>(owner, 'POST', '/api/ops/adjustments', {
      username: member.username,
      amount: '-900.00',
      reason: 'Reversal of a mistaken credit',
    });
    expect(asked.status).toBe(202);
    const id = asked.body.value.approval.id;
    const short = await decide(finance, id, 'approve');
    expect([short.status, short.body.code]).toEqual([409, 'insufficient_balance']);
    expect((await call<Approval>(finance, 'GET', '/api/ops/approvals')).body.value).toBeTruthy();
    const waiting = await call<{ list: Approval[] }>(finance, 'GET', '/api/ops/approvals?status=pending');
    expect(waiting.body.value.list.find((a) => a.id === id)?.status).toBe('pending');

    expect((await decide(finance, id, 'reject')).body.code).toBe('reason_required');
    const rejected = await decide(finance, id, 'reject', 'The credit was right after all');
    expect(rejected.body.value).toMatchObject({
      status: 'rejected',
      decisionReason: 'The credit was right after all',
    });
    expect(await walletOf(t, { member } as never)).toBe(0n);
  });

  const withdrawalStatus = async (wid: string) =>
    (
      await t.ctx.db
        .selectFrom('withdrawal')
        .select('status')
        .where('id', '=', BigInt(wid))
        .executeTakeFirstOrThrow()
    ).status;
  /** The withdrawal is paid, approved once (one audit line), and the ledger holds. */
  const expectPaidOnce = async (wid: string) => {
    expect(await withdrawalStatus(wid)).toBe('paid');
    const paid = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `withdrawal:${wid}`)
      .where('action', '=', 'withdrawal.approve')
      .execute();
    expect(paid).toHaveLength(1);
    await expectLedgerClean(t.ctx.db);
  };

  it('a withdrawal above the threshold is paid by the second staff member, once', async () => {
    const p = await readyPlayer(t, { balance: 100_000n });
    const w = await withdraw(t, p, { cardId: p.card.id, amount: '400.00' });
    expect(w.status).toBe(200);
    const wid = (w.body as Answer<{ id: string }>).value.id;
    const asked = await call<{ approval: Approval }>(
      owner,
      'POST',
      `/api/ops/withdrawals/${wid}/approve`,
      {},
    );
    expect(asked.status).toBe(202);
    // Asking again (another key) answers with the approval already waiting for it.
    const again = await call<{ approval: Approval }>(
      owner,
      'POST',
      `/api/ops/withdrawals/${wid}/approve`,
      {},
    );
    expect(again.body.value.approval.id).toBe(asked.body.value.approval.id);
    expect(await withdrawalStatus(wid)).toBe('pending');

    const second = await sessionFor(t, await createMember(t, { type: 90 }));
    expect((await decide(finance, asked.body.value.approval.id, 'approve')).status).toBe(200);
    expect((await decide(second, asked.body.value.approval.id, 'approve')).status).toBe(409);
    await expectPaidOnce(wid);
  });

  itRaces(
    'a withdrawal above the threshold is paid once even when two approve at the same moment',
    async () => {
      const p = await readyPlayer(t, { balance: 100_000n });
      const w = await withdraw(t, p, { cardId: p.card.id, amount: '400.00' });
      const wid = (w.body as Answer<{ id: string }>).value.id;
      const asked = await call<{ approval: Approval }>(
        owner,
        'POST',
        `/api/ops/withdrawals/${wid}/approve`,
        {},
      );
      expect(asked.status).toBe(202);
      const second = await sessionFor(t, await createMember(t, { type: 90 }));
      const both = await Promise.all([
        decide(finance, asked.body.value.approval.id, 'approve'),
        decide(second, asked.body.value.approval.id, 'approve'),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      await expectPaidOnce(wid);
    },
  );

  it('thresholds: only the owner’s staff permission sets them; a negative or malformed amount is refused', async () => {
    const bad = await call(owner, 'PUT', '/api/ops/approvals/thresholds', {
      adjustmentAbove: '-1.00',
      withdrawalAbove: null,
      reason: 'x'.repeat(5),
    });
    expect(bad.status).toBe(400);
    const byFinance = await call(finance, 'PUT', '/api/ops/approvals/thresholds', {
      adjustmentAbove: null,
      withdrawalAbove: null,
      reason: 'Turning it off',
    });
    expect([byFinance.status, byFinance.body.code]).toEqual([403, 'no_permission']);
    const read = await call(finance, 'GET', '/api/ops/approvals/thresholds');
    expect(read.body.value).toEqual({ adjustmentAbove: '500.00', withdrawalAbove: '300.00' });
    expect(ownerId).toBeTypeOf('bigint');
  });

  it('CSV exports neutralise what a member typed that a spreadsheet would run', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const bank = await t.ctx.db
      .selectFrom('merchant_bank_account')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const made = await createDeposit(t, bearer(token), {
      methodCode: 'BANK',
      amount: '100',
      bankAccountId: String(bank.id),
      reference: '=HYPERLINK("http://evil","x")',
    });
    expect(made.status).toBe(200);
    const res = await t.request<string>({
      method: 'GET',
      url: '/api/ops/deposits/export?status=pending',
      headers: bearer(owner),
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain('deposits-pending.csv');
    const text = res.body;
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFid,created,member,method,kind,amount,bonus,reference,provider_ref,status,updated',
    );
    const audit = await t.request({ method: 'GET', url: '/api/ops/audit/export', headers: bearer(owner) });
    expect(audit.status).toBe(200);
    const support = await createMember(t, { type: 90 });
    await t.ctx.db
      .updateTable('staff_account')
      .set({ role: 'support' })
      .where('member_id', '=', support.id)
      .execute();
    const refused = await t.request({
      method: 'GET',
      url: '/api/ops/withdrawals/export',
      headers: bearer(await sessionFor(t, support)),
    });
    expect(refused.status).toBe(403);
  });
});
