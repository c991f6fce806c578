import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { expectLedgerClean } from '../../../test-support/ledger';
import { itRaces } from '../../../test-support/races';
import { createDeposit, player, walletOf } from '../../deposits/deposits.test-helpers';
import { startPaymentSimulator } from '../payments.setup';
import type { PaySim } from '../paysim/paysim.server';
import { payMongoAccountOf } from './paymongo-account';
import { PAYMONGO_SIGNATURE_HEADER, signPayMongo } from './paymongo.signature';

// Deposits through the demo PayMongo (PaySim speaking PayMongo's Checkout Session API and webhooks) over
// real loopback HTTP: our API listens, the simulator calls its webhook under the merchant's own name.
describe('PayMongo deposits through the demo PayMongo', () => {
  let t: TestApp;
  let sim: PaySim;
  let panaloId: number;
  let luzonId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    sim = await startPaymentSimulator(t.ctx.db, t.clock, {
      callbackBaseUrl: base,
      retry: { baseMs: 20 },
      paymongo: true,
    });
    const ids = await t.ctx.db.selectFrom('merchant').select(['id', 'code']).execute();
    panaloId = ids.find((m) => m.code === 'panalo')!.id;
    luzonId = ids.find((m) => m.code === 'luzon')!.id;
  });
  afterAll(async () => {
    await sim.idle();
    await sim.close();
    await t.close();
  });

  const sessionOf = (providerRef: string | null) => sim.paymongo.sessions.get(providerRef ?? '')!;

  it('WALLET-001 GCash: a checkout session for the method, the member pays on its page, back on /m/vouReport, credited once', async () => {
    const p = await player(t);
    const made = await createDeposit(t, p.headers, { methodCode: 'GCASH', amount: '750.50' });
    expect(made.status).toBe(200);
    const { order, redirectUrl } = made.body.value;
    expect(order.status).toBe('pending');
    expect(redirectUrl).toMatch(new RegExp(`^${sim.url}/checkout/cs_[0-9a-f]+$`));
    const session = sessionOf(order.providerRef);
    // What the adapter asked for: centavos, the method, our deposit id as reference, URLs back to us.
    expect(session).toMatchObject({
      amount: 75_050,
      currency: 'PHP',
      methodTypes: ['gcash'],
      referenceNumber: order.id,
      successUrl: 'http://localhost/m/vouReport',
      cancelUrl: 'http://localhost/m/vouReport',
    });
    expect(session.account.secretKey).toBe((await payMongoAccountOf(t.ctx.db, panaloId))!.secretKey);

    const page = await fetch(redirectUrl!);
    const html = await page.text();
    expect(html).toContain('Pay with GCash');
    expect(html).toContain('PHP 750.50');
    expect(html).toContain('Authorize test payment');
    const submit = await fetch(redirectUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid',
      redirect: 'manual',
    });
    expect(submit.status).toBe(303);
    expect(submit.headers.get('location')).toBe('http://localhost/m/vouReport');
    await sim.idle();
    // Two events: payment.paid (acknowledged, moves nothing) and checkout_session.payment.paid (credits).
    expect(session.deliveries.map((d) => d.status).sort()).toEqual([
      'checkout_session.payment.paid',
      'payment.paid',
    ]);
    expect(session.deliveries.every((d) => d.delivered)).toBe(true);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(75_050n);
    const row = await t.ctx.db
      .selectFrom('deposit_order')
      .select(['status', 'provider', 'method_code'])
      .where('id', '=', BigInt(order.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', provider: 'paymongo', method_code: 'GCASH' });
  });

  it('chaos: the paid event twice and payment.paid, shuffled and overlapping, credit once', async () => {
    sim.chaos = true;
    try {
      for (const method of ['MAYA', 'QRPH', 'GRABPAY', 'CARD']) {
        const p = await player(t);
        const { order } = (await createDeposit(t, p.headers, { methodCode: method, amount: '200' })).body
          .value;
        const session = await sim.paymongo.pay(order.providerRef!, 'paid');
        await sim.idle();
        expect(session.deliveries).toHaveLength(3);
        expect(session.deliveries.every((d) => d.delivered)).toBe(true);
        expect(await walletOf(t, panaloId, p.m.id)).toBe(20_000n);
      }
    } finally {
      sim.chaos = false;
    }
    await expectLedgerClean(t.ctx.db);
  });

  /** A member's ₱300.00 GCash deposit whose payment failed: the order is still open. */
  const failedPayment = async () => {
    const p = await player(t);
    const { order } = (await createDeposit(t, p.headers, { methodCode: 'GCASH', amount: '300' })).body.value;
    const session = await sim.paymongo.pay(order.providerRef!, 'failed');
    await sim.idle();
    return { p, order, session };
  };

  /** The paid event of an order's checkout session as PayMongo would send it, and a way to post it to a site. */
  const paidEvent = (order: { id: string; providerRef: string | null }, eventId: string) => {
    const body = JSON.stringify({
      data: {
        id: eventId,
        type: 'event',
        attributes: {
          type: 'checkout_session.payment.paid',
          livemode: false,
          data: {
            id: order.providerRef,
            type: 'checkout_session',
            attributes: {
              reference_number: order.id,
              payments: [{ id: 'pay_1', attributes: { amount: 30_000, currency: 'PHP', status: 'paid' } }],
            },
          },
        },
      },
    });
    const post = (host: string, signature: string) =>
      t.request({
        method: 'POST',
        url: '/api/payments/paymongo/webhook',
        headers: { host, 'content-type': 'application/json', [PAYMONGO_SIGNATURE_HEADER]: signature },
        payload: body,
      });
    return { body, post };
  };

  it('a failed payment leaves the order open (the member may try again on the same page); webhooks of the wrong merchant, tampered or stale are refused; a genuine one credits once however often it comes', async () => {
    const { p, order, session } = await failedPayment();
    expect(session.deliveries).toMatchObject([{ status: 'payment.failed', delivered: true }]);
    expect(session.status).toBe('active');
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);

    // The paid event as PayMongo would send it, to the right and to the wrong merchant.
    const panalo = (await payMongoAccountOf(t.ctx.db, panaloId))!;
    const luzon = (await payMongoAccountOf(t.ctx.db, luzonId))!;
    const { body, post } = paidEvent(order, 'evt_manual_0001');
    const now = t.clock.now();
    // Signed with luzon's secret but sent to panalo; panalo's secret at luzon's address; tampered; stale.
    expect((await post('localhost', signPayMongo(luzon.webhookSecret, body, now, false))).status).toBe(401);
    expect((await post('luzon.localhost', signPayMongo(panalo.webhookSecret, body, now, false))).status).toBe(
      401,
    );
    expect(
      (
        await post(
          'localhost',
          signPayMongo(panalo.webhookSecret, body.replace('30000', '90000'), now, false),
        )
      ).status,
    ).toBe(401);
    const stale = new Date(now.getTime() - 6 * 60_000);
    expect((await post('localhost', signPayMongo(panalo.webhookSecret, body, stale, false))).status).toBe(
      401,
    );
    // A live-mode signature for a test account is refused too (te is read, li is ignored).
    expect((await post('localhost', signPayMongo(panalo.webhookSecret, body, now, true))).status).toBe(401);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    // Genuine: credited; again (PayMongo's retry): acknowledged, nothing moves.
    for (let i = 0; i < 3; i++) {
      expect((await post('localhost', signPayMongo(panalo.webhookSecret, body, now, false))).status).toBe(
        200,
      );
      expect(await walletOf(t, panaloId, p.m.id)).toBe(30_000n);
    }
    // An event for a session we never opened is confirmed (PayMongo stops retrying) and moves nothing.
    const unknown = body
      .replace('evt_manual_0001', 'evt_manual_0002')
      .replace(order.providerRef!, 'cs_unknown');
    const answer = await t.request({
      method: 'POST',
      url: '/api/payments/paymongo/webhook',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        [PAYMONGO_SIGNATURE_HEADER]: signPayMongo(panalo.webhookSecret, unknown, now, false),
      },
      payload: unknown,
    });
    expect(answer.status).toBe(200);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(30_000n);
    await expectLedgerClean(t.ctx.db);
  });

  itRaces(
    'a genuine paid event in 20 copies at once (PayMongo retrying over slow answers): one credit, every copy answered 200',
    async () => {
      const { p, order } = await failedPayment();
      const panalo = (await payMongoAccountOf(t.ctx.db, panaloId))!;
      const { body, post } = paidEvent(order, 'evt_manual_0003');
      const now = t.clock.now();
      const copies = await Promise.all(
        Array.from({ length: 20 }, () =>
          post('localhost', signPayMongo(panalo.webhookSecret, body, now, false)),
        ),
      );
      expect(copies.map((c) => c.status)).toEqual(Array(20).fill(200));
      expect(await walletOf(t, panaloId, p.m.id)).toBe(30_000n);
      await expectLedgerClean(t.ctx.db);
    },
  );

  it('the demo accounts are test-mode accounts made through the operator service, secrets sealed at rest', async () => {
    const rows = await t.ctx.db.selectFrom('payment_account').selectAll().orderBy('merchant_id').execute();
    expect(rows.map((r) => [r.merchant_id, r.provider, r.livemode])).toEqual(
      expect.arrayContaining([
        [panaloId, 'paymongo', false],
        [luzonId, 'paymongo', false],
      ]),
    );
    const account = (await payMongoAccountOf(t.ctx.db, panaloId))!;
    const row = rows.find((r) => r.merchant_id === panaloId)!;
    expect(row.secret_key_sealed).not.toContain(account.secretKey.slice(8));
    expect(row.webhook_secret_sealed).not.toContain(account.webhookSecret.slice(5));
    // A sealed secret copied onto another merchant's row does not open there.
    await t.ctx.db
      .updateTable('payment_account')
      .set({ secret_key_sealed: row.secret_key_sealed })
      .where('merchant_id', '=', luzonId)
      .execute();
    await expect(payMongoAccountOf(t.ctx.db, luzonId)).rejects.toThrow();
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'payments.paymongo.save')
      .where('merchant_id', '=', panaloId)
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe('system:demo');
    expect(JSON.stringify(audit.details)).not.toContain(account.secretKey);
  });
});
