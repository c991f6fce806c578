import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../lib/clock';
import { paysimAdapter, type PaySimEvent } from './paysim.adapter';
import { paymentPage } from './paysim.page';
import { startPaySim, type PaySim } from './paysim.server';
import type { Database } from '../../../db/database';

/** PaySim's adapter reads no database (a provider with per-merchant accounts does). */
const noDb = null as unknown as Database;
import { signPaySim, verifyPaySimSignature } from './paysim.signature';

const NOW = new Date('2026-06-01T08:00:00.000Z');

describe('PaySim signature', () => {
  const body = '{"eventId":"e1","amount":"100.00"}';
  it('verifies its own signature and nothing else', () => {
    const sig = signPaySim('s3cret', body, NOW);
    expect(verifyPaySimSignature('s3cret', body, sig, NOW)).toBe(true);
    expect(verifyPaySimSignature('other', body, sig, NOW)).toBe(false);
    expect(verifyPaySimSignature('s3cret', body.replace('100', '900'), sig, NOW)).toBe(false);
    expect(verifyPaySimSignature('s3cret', body, sig.replace(/t=\d+/, `t=${NOW.getTime() + 1}`), NOW)).toBe(
      false,
    );
    for (const bad of [undefined, '', 'v1=abc', 't=x,v1=y', `t=${NOW.getTime()}`]) {
      expect(verifyPaySimSignature('s3cret', body, bad, NOW)).toBe(false);
    }
  });
  it('refuses a signature older or newer than five minutes (replays go stale)', () => {
    const sig = signPaySim('s3cret', body, NOW);
    expect(verifyPaySimSignature('s3cret', body, sig, new Date(NOW.getTime() + 299_000))).toBe(true);
    expect(verifyPaySimSignature('s3cret', body, sig, new Date(NOW.getTime() + 301_000))).toBe(false);
    expect(verifyPaySimSignature('s3cret', body, sig, new Date(NOW.getTime() - 301_000))).toBe(false);
  });
});

describe('PaySim hosted page', () => {
  it('is a small accessible page for phones, escaping what the merchant sent', () => {
    const html = paymentPage({
      ref: 'ps_1',
      merchantName: '<script>alert(1)</script>',
      orderId: '42',
      amount: '100.00',
      currency: 'PHP',
      status: 'open',
      returnUrl: 'http://localhost/m/vouReport',
    });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<button class="pay" type="submit" name="outcome" value="paid">Pay</button>');
    expect(html).toContain('value="failed">Decline</button>');
  });
});

describe('PaySim simulator', () => {
  const secret = 'test-secret';
  const clock = fixedClock(NOW);
  let sink: FastifyInstance;
  let sinkUrl: string;
  const received: { event: PaySimEvent; valid: boolean; merchant: string }[] = [];
  let sim: PaySim;

  beforeAll(async () => {
    sink = Fastify({ logger: false });
    sink.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, b, done) => done(null, b));
    sink.post('/cb', async (req) => {
      const raw = String(req.body);
      received.push({
        event: JSON.parse(raw) as PaySimEvent,
        valid: verifyPaySimSignature(secret, raw, String(req.headers['x-paysim-signature']), clock.now()),
        merchant: String(req.headers.merchant),
      });
      return { ok: true };
    });
    await sink.listen({ port: 0, host: '127.0.0.1' });
    sinkUrl = `http://127.0.0.1:${(sink.server.address() as { port: number }).port}`;
    sim = await startPaySim({ secret, now: () => clock.now(), retry: { baseMs: 5 } });
  });
  afterAll(async () => {
    await sim.close();
    await sink.close();
  });

  const open = async (orderId: string) => {
    const adapter = paysimAdapter({ simulatorUrl: sim.url, secret, clock });
    return adapter.createPayment(
      { orderId, merchantCode: 'panalo', merchantName: 'Panalo', amount: 12_345n, currency: 'PHP' },
      'http://localhost/m/vouReport',
      `${sinkUrl}/cb`,
      noDb,
    );
  };

  it('opens one payment per order (a repeated create answers the same reference)', async () => {
    const a = await open('7');
    const b = await open('7');
    expect(b.providerRef).toBe(a.providerRef);
    expect(a.redirectUrl).toBe(`${sim.url}/pay/${a.providerRef}`);
    expect(sim.payments.get(a.providerRef)).toMatchObject({
      amount: '123.45',
      merchant: 'panalo',
      status: 'open',
    });
  });

  it('sends one signed callback with the Merchant header; chaos adds a duplicate and a stale failed', async () => {
    received.length = 0;
    const calm = await open('8');
    await sim.pay(calm.providerRef, 'paid');
    await sim.idle();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      valid: true,
      merchant: 'panalo',
      event: { status: 'paid', orderId: '8' },
    });

    received.length = 0;
    sim.chaos = true;
    const wild = await open('9');
    await sim.pay(wild.providerRef, 'paid');
    await sim.idle();
    sim.chaos = false;
    expect(received.every((r) => r.valid)).toBe(true);
    const paid = received.filter((r) => r.event.status === 'paid');
    const failed = received.filter((r) => r.event.status === 'failed');
    expect(paid).toHaveLength(2);
    expect(paid[0]!.event.eventId).toBe(paid[1]!.event.eventId);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.event.occurredAt).toBeLessThan(paid[0]!.event.occurredAt);
  });

  it('gives up after the configured attempts when nobody answers', async () => {
    const adapter = paysimAdapter({ simulatorUrl: sim.url, secret, clock });
    const dead = await adapter.createPayment(
      { orderId: '10', merchantCode: 'panalo', merchantName: 'Panalo', amount: 100n, currency: 'PHP' },
      'http://localhost/m/vouReport',
      'http://127.0.0.1:1/cb',
      noDb,
    );
    const p = await sim.pay(dead.providerRef, 'paid');
    expect(p.deliveries[0]).toMatchObject({ attempts: 6, delivered: false });
    expect(p.deliveries[0]!.answers).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
