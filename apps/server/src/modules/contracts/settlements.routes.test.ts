import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractSettlement, OpsContractTerms } from '@panalo/contract/contracts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean } from '../../test-support/ledger';
import { postForMember } from '../records/test-ledger';
import { contractService } from './contracts.service';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };
type Member = Awaited<ReturnType<typeof createMember>>;

// Issue 17 items 4 and 5: settlements as both sides and the operator see them, and the ways out of
// "owed" (the upline pays later, the operator force-pays or voids with a reason). Authorisation on the
// server: nobody reads or resolves a settlement that is not theirs.

describe('contract settlements over the API', () => {
  let t: TestApp;
  let ops: string;
  let top: Member;
  let topToken: string;
  let b1: Member;
  let b1Token: string;
  let b2: Member;
  let b2Token: string;
  let stranger: string;

  const call = <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    as: string,
    payload?: Record<string, unknown>,
  ) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: { merchant: 'panalo', ...bearer(as) },
      ...(payload !== undefined ? { payload } : {}),
    });
  const value = <T>(r: { status: number; body: Ok<T> | Err }): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };
  const refused = (r: { status: number; body: unknown }, status: number, code: string) =>
    expect([r.status, (r.body as Err).code], JSON.stringify(r.body)).toEqual([status, code]);
  const mine = (as: string, side = 'mine') =>
    call<{ list: ContractSettlement[]; owed: string }>(
      'GET',
      `/api/agent/contracts/settlements?side=${side}`,
      as,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const staff = await createMember(t, { type: 90 });
    ops = await sessionFor(t, staff);
    top = await createMember(t, { type: 1 });
    topToken = await sessionFor(t, top);
    b1 = await createMember(t, { type: 1, uplineId: top.id });
    b1Token = await sessionFor(t, b1);
    b2 = await createMember(t, { type: 1, uplineId: top.id });
    b2Token = await sessionFor(t, b2);
    stranger = await sessionFor(t, await createMember(t, { type: 1 }));
    const c = contractService(t.ctx.db, t.clock);
    const merchant = { id: 1, settings: {} };
    const tiers = [{ turnover: '0', active: 0, rate: '1.00' }];
    const own = await c.offerAsOperator(1, staff.id, {
      username: top.username,
      kind: 'daily_salary',
      scope: 'all',
      tiers,
      cap: '100',
      reason: 'test terms',
    });
    await c.decide(merchant, top.id, BigInt(own.id), 'accept');
    for (const b of [b1, b2]) {
      const o = await c.offer(1, top.id, {
        memberId: b.id.toString(),
        kind: 'daily_salary',
        scope: 'all',
        tiers,
        cap: '100',
      });
      await c.decide(merchant, b.id, BigInt(o.id), 'accept');
      const p = await createMember(t, { uplineId: b.id });
      const at = '2026-06-01T10:00:00Z';
      await postForMember(t.ctx.db, {
        merchantId: 1,
        memberId: p.id,
        kind: 'deposit',
        amount: 2_000_000n,
        at,
      });
      await postForMember(t.ctx.db, { merchantId: 1, memberId: p.id, kind: 'bet', amount: -2_000_000n, at });
    }
  });
  afterAll(async () => t.close());

  it('the operator sets who pays; uplines pay top-down; a short upline owes, and both sides see it', async () => {
    const terms = value(
      await call<OpsContractTerms>('PUT', '/api/ops/contracts/terms', ops, {
        payer: { daily_salary: 'upline' },
        activeBets: '10.00',
        reason: 'uplines pay their teams',
      }),
    );
    expect(terms).toMatchObject({
      payer: { daily_salary: 'upline', dividend: 'platform' },
      activeBets: '10.00',
    });
    expect(
      value(await call<OpsContractTerms>('GET', '/api/ops/contracts/terms', ops)).payer.daily_salary,
    ).toBe('upline');
    t.clock.set('2026-06-02T04:00:00Z');
    const runs = value(
      await call<{ list: { kind: string; period: string; settled: number }[] }>(
        'POST',
        '/api/ops/contracts/runs',
        ops,
      ),
    );
    expect(runs.list).toContainEqual({
      kind: 'daily_salary',
      period: '2026-06-01',
      settled: 3,
      busy: false,
      waiting: false,
    });
    // top received 100.00 (platform), paid b1 100.00, owes b2 100.00.
    const own = value(await mine(topToken));
    expect(own.list.map((s) => [s.status, s.amount, s.payer])).toEqual([['paid', '100.00', 'platform']]);
    const downline = value(await mine(topToken, 'downline'));
    expect(downline.owed).toBe('100.00');
    expect(downline.list.map((s) => s.status).sort()).toEqual(['owed', 'paid']);
    const b2s = value(await mine(b2Token));
    expect(b2s).toMatchObject({ owed: '100.00' });
    expect(b2s.list[0]).toMatchObject({
      status: 'owed',
      payer: 'upline',
      payerName: top.username,
      turnover: '20000.00',
      active: 1,
      tier: 1,
      rate: '1.00',
      capped: true,
      version: 1,
    });
    // Strangers see nothing of it.
    expect(value(await mine(stranger))).toEqual({ list: [], owed: '0.00' });
    expect(value(await mine(stranger, 'downline'))).toEqual({ list: [], owed: '0.00' });
  });

  it('the upline pays what it owes once it has the money; only its payer can, and only once', async () => {
    const owed = value(await mine(b2Token)).list[0]!;
    const pay = (as: string) =>
      call<ContractSettlement>('POST', `/api/agent/contracts/settlements/${owed.id}/pay`, as);
    refused(await pay(b2Token), 404, 'contract_settlement_unknown');
    refused(await pay(stranger), 404, 'contract_settlement_unknown');
    refused(await pay(topToken), 409, 'insufficient_balance');
    expect(value(await mine(b2Token)).list[0]!.status).toBe('owed');
    await postForMember(t.ctx.db, {
      merchantId: 1,
      memberId: top.id,
      kind: 'deposit',
      amount: 10_000n,
      at: t.clock.now(),
    });
    t.clock.set('2026-06-04T09:00:00Z');
    expect(value(await pay(topToken))).toMatchObject({ status: 'paid', amount: '100.00' });
    // Paid on the 4th, it counts on the 1st, the day of the play it pays for (issue 49 item 2): + for b2,
    // − for top, which paid it.
    const days = await t.ctx.db
      .selectFrom('member_day')
      .select(['member_id', 'day', 'commissions'])
      .where('member_id', 'in', [top.id, b2.id])
      .where('day', '>=', '2026-06-03')
      .where('commissions', '<>', 0n)
      .execute();
    expect(days).toEqual([]);
    const b2Day = await t.ctx.db
      .selectFrom('member_day')
      .select((eb) => eb.fn.sum<string>('commissions').as('c'))
      .where('member_id', '=', b2.id)
      .where('day', '=', '2026-06-01')
      .executeTakeFirstOrThrow();
    expect(BigInt(b2Day.c)).toBe(10_000n);
    // Again: the same answer, no second payment.
    expect(value(await pay(topToken))).toMatchObject({ status: 'paid' });
    const b2Paid = value(await mine(b2Token));
    expect(b2Paid.owed).toBe('0.00');
    refused(
      await call('POST', `/api/ops/contracts/settlements/${owed.id}/void`, ops, { reason: 'too late' }),
      409,
      'contract_settlement_not_owed',
    );
    await expectLedgerClean(t.ctx.db);
  });

  it('the operator force-pays an owed settlement from the platform or voids it, with a reason, audited', async () => {
    // Two more days on which both teams play: top receives 100.00, pays b1, and owes b2 each day.
    const players = await t.ctx.db
      .selectFrom('member')
      .select('id')
      .where('upline_id', 'in', [b1.id, b2.id])
      .execute();
    for (const at of ['2026-06-02T10:00:00Z', '2026-06-03T10:00:00Z'])
      for (const p of players) {
        await postForMember(t.ctx.db, {
          merchantId: 1,
          memberId: p.id,
          kind: 'deposit',
          amount: 2_000_000n,
          at,
        });
        await postForMember(t.ctx.db, {
          merchantId: 1,
          memberId: p.id,
          kind: 'bet',
          amount: -2_000_000n,
          at,
        });
      }
    t.clock.set('2026-06-04T04:00:00Z');
    value(await call('POST', '/api/ops/contracts/runs', ops));
    const list = value(
      await call<{ list: ContractSettlement[] }>('GET', '/api/ops/contracts/settlements?status=owed', ops),
    ).list;
    expect(list.map((s) => [s.member, s.period])).toEqual([
      [b2.username, '2026-06-03'],
      [b2.username, '2026-06-02'],
    ]);
    const id = list[0]!.id;
    refused(
      await call('POST', `/api/ops/contracts/settlements/${id}/pay`, ops, { reason: 'x' }),
      400,
      'validation_failed',
    );
    refused(
      await call('POST', `/api/ops/contracts/settlements/${id}/pay`, ops, { reason: 'bad\u0000reason' }),
      400,
      'text_invalid_characters',
    );
    refused(
      await call('POST', `/api/ops/contracts/settlements/99999999999999999999/pay`, ops, { reason: 'force' }),
      400,
      'validation_failed',
    );
    refused(
      await call('POST', `/api/ops/contracts/settlements/${id}/pay`, b1Token, { reason: 'force' }),
      403,
      'no_permission',
    );
    const paid = value(
      await call<ContractSettlement>('POST', `/api/ops/contracts/settlements/${id}/pay`, ops, {
        reason: 'upline froze; platform pays',
      }),
    );
    expect(paid).toMatchObject({ status: 'paid', reason: 'upline froze; platform pays' });
    expect(paid.resolvedAt).not.toBeNull();
    const voided = value(
      await call<ContractSettlement>('POST', `/api/ops/contracts/settlements/${list[1]!.id}/void`, ops, {
        reason: 'disputed: agreed off the books',
      }),
    );
    expect(voided).toMatchObject({ status: 'void', reason: 'disputed: agreed off the books' });
    expect(value(await mine(b2Token)).owed).toBe('0.00');
    const log = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'contract.settlement.%')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual([
      'contract.settlement.pay',
      'contract.settlement.pay',
      'contract.settlement.void',
    ]);
    await expectLedgerClean(t.ctx.db);
  });

  it('bad terms are refused with a reason the site translates; the cadence is locked once dividends ran', async () => {
    refused(
      await call('PUT', '/api/ops/contracts/terms', ops, { dividendCadence: 'daily', reason: 'try' }),
      400,
      'validation_failed',
    );
    refused(
      await call('PUT', '/api/ops/contracts/terms', ops, { cutoffMinutes: 5000, reason: 'try' }),
      400,
      'validation_failed',
    );
    refused(
      await call('PUT', '/api/ops/contracts/terms', topToken, { reason: 'mine now' }),
      403,
      'no_permission',
    );
    await t.ctx.db
      .insertInto('contract_run')
      .values({
        merchant_id: 1,
        kind: 'dividend',
        period_key: '2026-05-16',
        period_start: '2026-05-16T00:00:00Z',
        period_end: '2026-06-01T00:00:00Z',
        started_at: t.clock.now(),
      })
      .execute();
    refused(
      await call('PUT', '/api/ops/contracts/terms', ops, { dividendCadence: 'weekly', reason: 'weekly now' }),
      409,
      'contract_cadence_locked',
    );
  });
});
