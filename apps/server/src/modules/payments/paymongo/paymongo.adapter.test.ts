import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { expectLedgerClean } from '../../../test-support/ledger';
import { createDeposit, player, walletOf } from '../../deposits/deposits.test-helpers';
import { configurePayments } from '../adapter';
import { PAYMONGO, paymongoAdapter, type PayMongoAccount } from './paymongo.adapter';
import { PAYMONGO_SIGNATURE_HEADER, signPayMongo } from './paymongo.signature';

// Our PayMongo adapter against a stand-in for PayMongo's API on loopback (the checkout session call), and
// its webhooks signed as PayMongo signs them.
describe('PayMongo adapter: checkout sessions and webhooks', () => {
  let t: TestApp;
  let api: FastifyInstance;
  let panaloId: number;
  const seen: { auth: string | undefined; body: Record<string, unknown> }[] = [];
  const account: PayMongoAccount = {
    apiUrl: '',
    secretKey: 'sk_test_panalo_0001',
    webhookSecret: 'whsk_test_panalo_0001',
    livemode: false,
  };

  beforeAll(async () => {
    api = Fastify();
    let n = 0;
    api.post('/v1/checkout_sessions', async (req) => {
      seen.push({ auth: req.headers.authorization, body: req.body as Record<string, unknown> });
      const id = `cs_test_${++n}`;
      return {
        data: {
          id,
          type: 'checkout_session',
          attributes: { checkout_url: `https://checkout.paymongo.test/${id}` },
        },
      };
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    account.apiUrl = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
    t = await createTestApp();
    configurePayments(t.ctx.db, {
      adapters: [
        paymongoAdapter({ accountFor: async (_db, m) => (m === 'panalo' ? account : null), clock: t.clock }),
      ],
    });
    panaloId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
    await t.ctx.db
      .insertInto('deposit_method')
      .values({
        merchant_id: panaloId,
        code: 'GCASH',
        kind: 'gateway',
        name: 'GCash',
        provider: PAYMONGO,
        min_amount: 5_000n,
        max_amount: 5_000_000n,
      })
      .execute();
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
    await api.close();
  });

  /** A checkout_session.payment.paid event as PayMongo posts it. */
  const paidEvent = (
    eventId: string,
    sessionId: string,
    orderId: string,
    centavos: number,
    type = 'checkout_session.payment.paid',
  ) =>
    JSON.stringify({
      data: {
        id: eventId,
        type: 'event',
        attributes: {
          type,
          livemode: false,
          data: {
            id: sessionId,
            type: 'checkout_session',
            attributes: {
              reference_number: orderId,
              payments: [
                {
                  id: `pay_${eventId}`,
                  type: 'payment',
                  attributes: { amount: centavos, currency: 'PHP', status: 'paid' },
                },
              ],
            },
          },
        },
      },
    });
  const webhook = (
    body: string,
    signature = signPayMongo(account.webhookSecret, body, t.clock.now(), false),
  ) =>
    t.request<{ success: boolean; code?: string }>({
      method: 'POST',
      url: `/api/payments/${PAYMONGO}/webhook`,
      headers: {
        'content-type': 'application/json',
        merchant: 'panalo',
        [PAYMONGO_SIGNATURE_HEADER]: signature,
      },
      payload: body,
    });

  it('a GCash deposit opens a checkout session (secret key by basic auth, centavos, gcash, our deposit id) and redirects to its checkout_url', async () => {
    const p = await player(t);
    const made = await createDeposit(t, p.headers, { methodCode: 'GCASH', amount: '250' });
    expect(made.status).toBe(200);
    const { order, redirectUrl } = made.body.value;
    expect(redirectUrl).toBe('https://checkout.paymongo.test/cs_test_1');
    expect(order.providerRef).toBe('cs_test_1');
    const call = seen.at(-1)!;
    expect(call.auth).toBe(`Basic ${Buffer.from('sk_test_panalo_0001:').toString('base64')}`);
    const attributes = (call.body.data as { attributes: Record<string, unknown> }).attributes;
    expect(attributes).toMatchObject({
      line_items: [{ amount: 25_000, currency: 'PHP', quantity: 1 }],
      payment_method_types: ['gcash'],
      reference_number: order.id,
      success_url: 'http://localhost/m/vouReport',
      cancel_url: 'http://localhost/m/vouReport',
    });
  });

  it('the paid event credits the deposit exactly once, whatever its retries and their order; other events move nothing', async () => {
    const p = await player(t);
    const { order } = (await createDeposit(t, p.headers, { methodCode: 'GCASH', amount: '300' })).body.value;
    const paid = paidEvent('evt_paid_1', order.providerRef!, order.id, 30_000);
    // Another kind of event first (acknowledged, nothing moves), then the paid one four times.
    const other = await webhook(
      paidEvent('evt_other_1', order.providerRef!, order.id, 30_000, 'payment.paid'),
    );
    expect(other.status).toBe(200);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    for (let i = 0; i < 4; i++) expect((await webhook(paid)).status).toBe(200);
    // PayMongo retries with a new timestamp: still once.
    t.clock.advance(60_000);
    expect((await webhook(paid)).status).toBe(200);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(30_000n);
    const row = await t.ctx.db
      .selectFrom('deposit_order')
      .select('status')
      .where('id', '=', BigInt(order.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
  });

  it('a tampered, stale or live-signed webhook is refused (401); an unknown deposit is acknowledged and moves nothing', async () => {
    const p = await player(t);
    const { order } = (await createDeposit(t, p.headers, { methodCode: 'GCASH', amount: '100' })).body.value;
    const paid = paidEvent('evt_paid_2', order.providerRef!, order.id, 10_000);
    const good = signPayMongo(account.webhookSecret, paid, t.clock.now(), false);
    expect((await webhook(paid.replace('10000', '99999'), good)).status).toBe(401);
    expect((await webhook(paid, signPayMongo(account.webhookSecret, paid, t.clock.now(), true))).status).toBe(
      401,
    );
    expect((await webhook(paid, signPayMongo('whsk_other', paid, t.clock.now(), false))).status).toBe(401);
    const stale = signPayMongo(
      account.webhookSecret,
      paid,
      new Date(t.clock.now().getTime() - 6 * 60_000),
      false,
    );
    expect((await webhook(paid, stale)).status).toBe(401);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    const unknown = await webhook(paidEvent('evt_unknown', 'cs_nobody', '999999999', 10_000));
    expect(unknown.status).toBe(200);
    expect((await webhook(paid, good)).status).toBe(200);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(10_000n);
  });
});
