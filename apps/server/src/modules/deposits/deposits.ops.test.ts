import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOrder } from '@panalo/contract/cashier';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { wagering } from '../wallet/wagering';
import { systemMailsOf } from '../../test-support/mail';
import {
  createDeposit,
  newKey,
  operator,
  player,
  walletOf,
  type Err,
  type Ok,
  type Reply,
} from './deposits.test-helpers';

type OpsDeposit = DepositOrder & { memberId: string; username: string };
type Page = { list: OpsDeposit[]; total: number };

describe('operator deposit desk', () => {
  let t: TestApp;
  let bankId: string;
  let panaloId: number;
  beforeAll(async () => {
    t = await createTestApp();
    panaloId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    bankId = String(
      (
        await t.ctx.db
          .selectFrom('merchant_bank_account')
          .select('id')
          .where('merchant_id', '=', panaloId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => t.close());

  const bankDeposit = async (headers: Record<string, string>, amount: string, promotionCode?: string) =>
    (
      await createDeposit(t, headers, {
        methodCode: 'BANK',
        amount,
        bankAccountId: bankId,
        reference: 'REF-1',
        ...(promotionCode ? { promotionCode } : {}),
      })
    ).body.value.order;

  const decide = (
    headers: Record<string, string>,
    id: string,
    decision: 'approve' | 'reject',
    o: { key?: string | null; reason?: string; host?: string } = {},
  ) =>
    t.request<Reply<OpsDeposit>>({
      method: 'POST',
      url: `/api/ops/deposits/${id}/${decision}`,
      headers: {
        ...headers,
        host: o.host ?? 'localhost',
        ...(o.key === null ? {} : { 'idempotency-key': o.key ?? newKey() }),
      },
      payload: o.reason ? { reason: o.reason } : {},
    });

  it('WALLET-001 an operator confirms a bank transfer: the member is credited with the bonus, once, and it is audited', async () => {
    const p = await player(t);
    const ops = await operator(t);
    const order = await bankDeposit(p.headers, '1000', 'DEPOSIT3');
    const list = await t.request<Ok<Page>>({
      method: 'GET',
      url: '/api/ops/deposits?status=pending',
      headers: ops.headers,
    });
    expect(list.body.value.list.find((o) => o.id === order.id)).toMatchObject({
      username: p.m.username,
      memberId: String(p.m.id),
      amount: '1000.00',
      reference: 'REF-1',
    });
    const key = newKey();
    const res = await decide(ops.headers, order.id, 'approve', { key });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ id: order.id, status: 'paid' });
    expect(await walletOf(t, panaloId, p.m.id)).toBe(103_000n);
    expect((await wagering.status(t.ctx.db, panaloId, p.m.id)).required).toBe(103_000n);
    // The same key replays the answer; a new key finds the order decided.
    const replay = await decide(ops.headers, order.id, 'approve', { key });
    expect([replay.status, replay.body]).toEqual([200, res.body]);
    const twice = await decide(ops.headers, order.id, 'approve');
    expect([twice.status, twice.body.code]).toEqual([409, 'deposit_not_pending']);
    const reject = await decide(ops.headers, order.id, 'reject', { reason: 'late' });
    expect([reject.status, reject.body.code]).toEqual([409, 'deposit_not_pending']);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(103_000n);
    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `deposit:${order.id}`)
      .execute();
    expect(audits.map((a) => [a.actor, a.action])).toEqual([[`operator:${ops.m.id}`, 'deposit.approve']]);
    const member = await t.request<Ok<DepositOrder>>({
      method: 'GET',
      url: `/api/cashier/deposits/${order.id}`,
      headers: p.headers,
    });
    expect(member.body.value.status).toBe('paid');
    // Issue 19: the member is told by system mails, once each (the deposit, then its bonus, named by the
    // promotion's title in the merchant's language).
    expect(await systemMailsOf(t.ctx.db, p.m.id)).toEqual([
      { template: 'deposit_credited', params: { amount: '1000.00' } },
      { template: 'bonus_issued', params: { amount: '30.00', promotion: '+3% sa bawat deposito' } },
    ]);
    await expectLedgerClean(t.ctx.db);
  });

  it('an operator rejects with a reason; without one it is refused; nothing is credited', async () => {
    const p = await player(t);
    const ops = await operator(t);
    const order = await bankDeposit(p.headers, '200');
    const bare = await decide(ops.headers, order.id, 'reject');
    expect([bare.status, bare.body.code]).toEqual([400, 'deposit_reason_required']);
    const res = await decide(ops.headers, order.id, 'reject', { reason: 'No transfer received' });
    expect(res.body.value).toMatchObject({ status: 'rejected' });
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `deposit:${order.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('deposit.reject');
    expect(audit.details).toMatchObject({ reason: 'No transfer received' });
    const approve = await decide(ops.headers, order.id, 'approve');
    expect([approve.status, approve.body.code]).toEqual([409, 'deposit_not_pending']);
    await expectLedgerClean(t.ctx.db);
  });

  it('decisions need an Idempotency-Key; gateway orders are not decided by hand', async () => {
    const p = await player(t);
    const ops = await operator(t);
    const order = await bankDeposit(p.headers, '300');
    const res = await decide(ops.headers, order.id, 'approve', { key: null });
    expect([res.status, res.body.code]).toEqual([400, 'idempotency_key_required']);
    const gw = await t.ctx.db
      .insertInto('deposit_order')
      .values({
        merchant_id: panaloId,
        member_id: p.m.id,
        method_code: 'PAYSIM',
        kind: 'gateway',
        currency: 'PHP',
        amount: 10_000n,
        provider: 'paysim',
        provider_ref: `ps_${newKey()}`,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const manual = await decide(ops.headers, String(gw.id), 'approve');
    expect([manual.status, manual.body.code]).toEqual([409, 'deposit_not_manual']);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
  });

  it('isolation: a player cannot call /ops; luzon’s operator cannot list or decide panalo’s deposits', async () => {
    const p = await player(t);
    const order = await bankDeposit(p.headers, '400');
    const asPlayer = await t.request<Err>({ method: 'GET', url: '/api/ops/deposits', headers: p.headers });
    expect([asPlayer.status, asPlayer.body.code]).toEqual([403, 'no_permission']);
    const playerApprove = await decide(p.headers, order.id, 'approve');
    expect([playerApprove.status, playerApprove.body.code]).toEqual([403, 'no_permission']);
    const agent = await player(t, 'panalo', 1);
    expect((await decide(agent.headers, order.id, 'approve')).status).toBe(403);

    const luzonOps = await operator(t, 'luzon');
    const lh = { ...luzonOps.headers, host: 'luzon.localhost' };
    const list = await t.request<Ok<Page>>({ method: 'GET', url: '/api/ops/deposits', headers: lh });
    expect(list.status).toBe(200);
    expect(list.body.value.list.some((o) => o.id === order.id)).toBe(false);
    const approve = await decide(luzonOps.headers, order.id, 'approve', { host: 'luzon.localhost' });
    expect([approve.status, approve.body.code]).toEqual([404, 'deposit_not_found']);
    // Luzon's operator token is unknown at panalo's site.
    const there = await decide(luzonOps.headers, order.id, 'approve');
    expect(there.status).toBe(401);
    const sneaky = await t.request<Err>({
      method: 'GET',
      url: '/api/ops/deposits',
      headers: { ...luzonOps.headers, merchant: 'panalo' },
    });
    expect(sneaky.status).toBe(401);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    const still = await t.ctx.db
      .selectFrom('deposit_order')
      .select('status')
      .where('id', '=', BigInt(order.id))
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
  });

  it('issue 49 item 7: the deposit queue filters by method, amount range and member too', async () => {
    const ops = await operator(t);
    const p = await player(t);
    const small = await bankDeposit(p.headers, '150');
    const large = await bankDeposit(p.headers, '4500');
    const list = async (query: string) =>
      (
        await t.request<Reply<{ list: OpsDeposit[] }>>({
          method: 'GET',
          url: `/api/ops/deposits?pageSize=100&${query}`,
          headers: ops.headers,
        })
      ).body as { value: { list: OpsDeposit[] } };
    const mine = `username=${p.m.username}`;
    expect((await list(`${mine}&method=BANK`)).value.list.map((d) => d.id)).toEqual([large.id, small.id]);
    expect((await list(`${mine}&method=GCASH`)).value.list).toEqual([]);
    expect((await list(`${mine}&minAmount=1000`)).value.list.map((d) => d.id)).toEqual([large.id]);
    expect((await list(`${mine}&maxAmount=1000`)).value.list.map((d) => d.id)).toEqual([small.id]);
    expect((await list(`${mine}&from=2026-06-02`)).value.list).toEqual([]);
  });

  it('an unknown status filter is refused', async () => {
    const ops = await operator(t);
    const res = await t.request<Err>({
      method: 'GET',
      url: '/api/ops/deposits?status=bogus',
      headers: ops.headers,
    });
    expect([res.status, res.body.code]).toEqual([400, 'validation_failed']);
  });
});
