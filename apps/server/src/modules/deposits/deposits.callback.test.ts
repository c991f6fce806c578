import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { wagering } from '../wallet/wagering';
import { signPaySim } from '../payments/paysim/paysim.signature';
import { EXPIRED_REASON, expireGatewayDeposits, GATEWAY_DEPOSIT_TTL_MS } from './deposit-expiry';
import {
  configureSignedCallbacks,
  depositBonusOf,
  event,
  gatewayOrder,
  player,
  sendCallback,
  walletOf,
} from './deposits.test-helpers';

describe('payment callbacks', () => {
  let t: TestApp;
  let secret: string;
  let panaloId: number;
  beforeAll(async () => {
    t = await createTestApp();
    secret = await configureSignedCallbacks(t);
    panaloId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t.close());

  const status = async (id: bigint) =>
    await t.ctx.db.selectFrom('deposit_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('WALLET-001 a signed paid callback credits the deposit and its +3% bonus once, with the turnover requirement', async () => {
    const p = await player(t);
    const order = await gatewayOrder(t, {
      merchantId: panaloId,
      memberId: p.m.id,
      amount: 100_000n,
      bonus: 3_000n,
      promotion: 'DEPOSIT3',
    });
    const res = await sendCallback(t, secret, event(order, 'paid'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: { received: true } });
    expect(await walletOf(t, panaloId, p.m.id)).toBe(103_000n);
    const after = await status(order.id);
    expect(after.status).toBe('paid');
    expect(after.transfer_id).not.toBeNull();
    const kinds = await t.ctx.db
      .selectFrom('ledger_transfer')
      .select(['kind'])
      .where('reference', '=', `deposit:${order.id}`)
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['deposit']);
    // The bonus is a claim of the promotion engine, keyed by the order, paid in the same transaction.
    expect(await depositBonusOf(t, order.id)).toEqual({
      status: 'claimed',
      amount: 3_000n,
      code: 'DEPOSIT3',
      kind: 'promotion_bonus',
    });
    // (1,000 + 30) × 1.0 turnover.
    expect(await wagering.status(t.ctx.db, panaloId, p.m.id)).toEqual({
      required: 103_000n,
      done: 0n,
      remaining: 103_000n,
    });
    await expectLedgerClean(t.ctx.db);
  });

  it('a duplicate event is answered alike and moves nothing; a stale failed after paid is only logged', async () => {
    const p = await player(t);
    const order = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 20_000n });
    const paid = event(order, 'paid');
    const first = await sendCallback(t, secret, paid);
    const dup = await sendCallback(t, secret, paid);
    expect(dup.status).toBe(first.status);
    expect(dup.body).toEqual(first.body);
    const stale = await sendCallback(t, secret, event(order, 'failed'));
    expect(stale.status).toBe(200);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(20_000n);
    expect((await status(order.id)).status).toBe('paid');
    const logged = await t.ctx.db
      .selectFrom('payment_event')
      .select(['event_id', 'payload'])
      .where('order_id', '=', order.id)
      .execute();
    expect(logged).toHaveLength(2);
    expect(logged.map((l) => (l.payload as { outcome: string }).outcome).sort()).toEqual([
      'credited',
      'ignored',
    ]);
    await expectLedgerClean(t.ctx.db);
  });

  it('out of order: a failed that arrives first closes the order, and the later paid still credits it', async () => {
    const p = await player(t);
    const order = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 5_000n });
    await sendCallback(t, secret, event(order, 'failed'));
    expect((await status(order.id)).status).toBe('rejected');
    await sendCallback(t, secret, event(order, 'paid'));
    expect((await status(order.id)).status).toBe('paid');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(5_000n);
    await expectLedgerClean(t.ctx.db);
  });

  it('a declined payment rejects the order and credits nothing', async () => {
    const p = await player(t);
    const order = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 5_000n });
    await sendCallback(t, secret, event(order, 'failed'));
    expect(await status(order.id)).toMatchObject({ status: 'rejected', reason: 'provider_failed' });
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
  });

  it('an amount that differs from the order flags it (rejected, audited) and credits nothing', async () => {
    const p = await player(t);
    const order = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 10_000n });
    const res = await sendCallback(t, secret, event(order, 'paid', { amount: 1_000_000n }));
    expect(res.status).toBe(200);
    expect(await status(order.id)).toMatchObject({ status: 'rejected', reason: 'amount_mismatch' });
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    // A correct 'paid' afterwards does not override the flag: an operator looks at it.
    await sendCallback(t, secret, event(order, 'paid'));
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `deposit:${order.id}`)
      .execute();
    expect(audits.map((a) => [a.actor, a.action])).toEqual([['provider:paysim', 'deposit.amount_mismatch']]);
    await expectLedgerClean(t.ctx.db);
  });

  it('a bad, stale or missing signature is 401 payment_signature_invalid and records nothing', async () => {
    const p = await player(t);
    const order = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 10_000n });
    const e = event(order, 'paid');
    const raw = JSON.stringify(e);
    const now = t.clock.now();
    for (const signature of [
      signPaySim('wrong-secret', raw, now),
      signPaySim(secret, raw, new Date(now.getTime() - 6 * 60_000)),
      signPaySim(secret, raw, new Date(now.getTime() + 6 * 60_000)),
      signPaySim(secret, `${raw} `, now),
      't=1,v1=zz',
      '',
    ]) {
      const res = await sendCallback(t, secret, e, { signature });
      expect([res.status, res.body.code]).toEqual([401, 'payment_signature_invalid']);
    }
    // A body tampered with after signing (amount raised) does not verify either.
    const tampered = await t.request<{ code: string }>({
      method: 'POST',
      url: '/api/payments/paysim/callback',
      headers: {
        'content-type': 'application/json',
        merchant: 'panalo',
        'x-paysim-signature': signPaySim(secret, raw, now),
      },
      payload: raw.replace('"100.00"', '"900.00"'),
    });
    expect(tampered.status).toBe(401);
    expect(
      await t.ctx.db.selectFrom('payment_event').selectAll().where('order_id', '=', order.id).execute(),
    ).toEqual([]);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
  });

  it('an unknown provider is 404; an event for another merchant’s order is recorded but moves nothing', async () => {
    const res = await t.request<{ code: string }>({
      method: 'POST',
      url: '/api/payments/nopay/callback',
      headers: { 'content-type': 'application/json', merchant: 'panalo' },
      payload: '{}',
    });
    expect([res.status, res.body.code]).toEqual([404, 'payment_provider_unknown']);
    const p = await player(t);
    const order = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 10_000n });
    const cross = await sendCallback(t, secret, event(order, 'paid'), { merchant: 'luzon' });
    expect(cross.status).toBe(200);
    expect((await status(order.id)).status).toBe('pending');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
  });

  it('callbacks are accepted during maintenance (the money already moved at the provider)', async () => {
    const m = await t.ctx.db
      .selectFrom('merchant')
      .select('maintenance')
      .where('id', '=', panaloId)
      .executeTakeFirstOrThrow();
    const p = await player(t);
    const order = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 7_500n });
    await t.ctx.db
      .updateTable('merchant')
      .set({ maintenance: JSON.stringify({ ...m.maintenance, enabled: true }) })
      .where('id', '=', panaloId)
      .execute();
    t.ctx.merchants.clearCache();
    try {
      const options = await t.request<{ code: string }>({
        method: 'GET',
        url: '/api/cashier/deposit/options',
        headers: p.headers,
      });
      expect(options.status).toBe(503);
      const res = await sendCallback(t, secret, event(order, 'paid'));
      expect(res.status).toBe(200);
      expect(await walletOf(t, panaloId, p.m.id)).toBe(7_500n);
    } finally {
      await t.ctx.db
        .updateTable('merchant')
        .set({ maintenance: JSON.stringify(m.maintenance) })
        .where('id', '=', panaloId)
        .execute();
      t.ctx.merchants.clearCache();
    }
    await expectLedgerClean(t.ctx.db);
  });

  it('WALLET-001 a gateway deposit left unpaid for a day expires (a bank transfer never does); a late paid still credits it', async () => {
    const p = await player(t);
    const order = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 6_000n });
    const declined = await gatewayOrder(t, { merchantId: panaloId, memberId: p.m.id, amount: 4_000n });
    const bank = await t.ctx.db
      .insertInto('deposit_order')
      .values({
        merchant_id: panaloId,
        member_id: p.m.id,
        method_code: 'BANK',
        kind: 'bank_transfer',
        currency: 'PHP',
        amount: 9_000n,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = t.clock.now().getTime();
    await expireGatewayDeposits(t.ctx.db, new Date(created + GATEWAY_DEPOSIT_TTL_MS - 1_000));
    expect((await status(order.id)).status).toBe('pending');
    await expireGatewayDeposits(t.ctx.db, new Date(created + GATEWAY_DEPOSIT_TTL_MS + 1_000));
    expect(await status(order.id)).toMatchObject({
      status: 'expired',
      decided_by: 'system',
      reason: EXPIRED_REASON,
    });
    expect((await status(bank.id)).status).toBe('pending');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    // The member paid after all: the provider's paid callback credits the expired deposit, once.
    await sendCallback(t, secret, event(order, 'paid'));
    await sendCallback(t, secret, event(order, 'paid'));
    expect((await status(order.id)).status).toBe('paid');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(6_000n);
    // A late decline leaves an expired deposit as it is.
    await sendCallback(t, secret, event(declined, 'failed'));
    expect((await status(declined.id)).status).toBe('expired');
    await expectLedgerClean(t.ctx.db);
  });
});
