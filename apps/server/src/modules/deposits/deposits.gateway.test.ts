import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectLedgerClean } from '../../test-support/ledger';
import { startPaymentSimulator } from '../payments/payments.setup';
import type { PaySim } from '../payments/paysim/paysim.server';
import { createDeposit, player, walletOf } from './deposits.test-helpers';

// The whole gateway flow over real loopback HTTP: our API listens, PaySim calls it back.
describe('gateway deposits through the PaySim simulator', () => {
  let t: TestApp;
  let sim: PaySim;
  let base: string;
  let panaloId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    sim = await startPaymentSimulator(t.ctx.db, t.clock, {
      callbackBaseUrl: base,
      chaos: true,
      retry: { baseMs: 20 },
    });
    panaloId = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('id')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await sim.idle();
    await sim.close();
    await t.close();
  });

  it('WALLET-001 pay on the hosted page: redirected back to /m/vouReport and credited exactly once despite chaos', async () => {
    const p = await player(t);
    const made = await createDeposit(t, p.headers, {
      methodCode: 'PAYSIM',
      amount: '1000',
      promotionCode: 'DEPOSIT3',
    });
    const { order, redirectUrl } = made.body.value;
    const page = await fetch(redirectUrl!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('name="viewport"');
    expect(html).toContain('1000.00');
    expect(html).toContain(order.id);

    const submit = await fetch(redirectUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid',
      redirect: 'manual',
    });
    expect(submit.status).toBe(303);
    expect(submit.headers.get('location')).toBe(`http://localhost/m/vouReport?order=${order.id}`);
    await sim.idle();

    const held = sim.payments.get(order.providerRef!)!;
    // Chaos: the paid event twice and a stale 'failed'; every one answered 2xx by us.
    expect(held.deliveries).toHaveLength(3);
    expect(held.deliveries.every((d) => d.delivered)).toBe(true);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(103_000n);
    const row = await t.ctx.db
      .selectFrom('deposit_order')
      .select('status')
      .where('id', '=', BigInt(order.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    const events = await t.ctx.db
      .selectFrom('payment_event')
      .select('event_id')
      .where('order_id', '=', BigInt(order.id))
      .execute();
    expect(events).toHaveLength(2);
    await expectLedgerClean(t.ctx.db);
  });

  it('decline through the simulator API rejects the order and credits nothing', async () => {
    const p = await player(t);
    const made = await createDeposit(t, p.headers, { methodCode: 'PAYSIM', amount: '150' });
    const { order } = made.body.value;
    const res = await fetch(`${sim.url}/sim/pay/${order.providerRef}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'failed' }),
    });
    expect(res.status).toBe(200);
    await sim.idle();
    const row = await t.ctx.db
      .selectFrom('deposit_order')
      .selectAll()
      .where('id', '=', BigInt(order.id))
      .executeTakeFirstOrThrow();
    expect([row.status, row.reason]).toEqual(['rejected', 'provider_failed']);
    expect(await walletOf(t, panaloId, p.m.id)).toBe(0n);
    const again = await fetch(`${sim.url}/sim/pay/${order.providerRef}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'paid' }),
    });
    expect(again.status).toBe(409);
  });

  it('the simulator refuses an unsigned create call', async () => {
    const res = await fetch(`${sim.url}/sim/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: '1' }),
    });
    expect(res.status).toBe(401);
  });

  it('callbacks are retried with backoff until our side answers 2xx', async () => {
    // A gate in front of our API that fails the first two deliveries.
    let calls = 0;
    const gate = Fastify({ logger: false });
    gate.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    gate.post('/api/payments/paysim/callback', async (req, reply) => {
      calls++;
      if (calls <= 2) return reply.status(calls === 1 ? 500 : 503).send('busy');
      const res = await fetch(`${base}${req.url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          merchant: String(req.headers.merchant),
          'x-paysim-signature': String(req.headers['x-paysim-signature']),
        },
        body: String(req.body),
      });
      return reply.status(res.status).send(await res.text());
    });
    await gate.listen({ port: 0, host: '127.0.0.1' });
    const gateUrl = `http://127.0.0.1:${(gate.server.address() as { port: number }).port}`;
    const flaky = await startPaymentSimulator(t.ctx.db, t.clock, {
      callbackBaseUrl: gateUrl,
      retry: { baseMs: 10 },
    });
    try {
      const p = await player(t);
      const made = await createDeposit(t, p.headers, { methodCode: 'PAYSIM', amount: '200' });
      const paid = await flaky.pay(made.body.value.order.providerRef!, 'paid');
      expect(paid.deliveries[0]).toMatchObject({ attempts: 3, answers: [500, 503, 200], delivered: true });
      expect(await walletOf(t, panaloId, p.m.id)).toBe(20_000n);
      await expectLedgerClean(t.ctx.db);
    } finally {
      await flaky.close();
      await gate.close();
      // Back to the chaos simulator for any later test.
      sim = await startPaymentSimulator(t.ctx.db, t.clock, {
        callbackBaseUrl: base,
        chaos: true,
        retry: { baseMs: 20 },
      });
    }
  });
});
