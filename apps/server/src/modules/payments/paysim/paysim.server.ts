import { randomBytes } from 'node:crypto';
import { journal } from '../../../lib/journal';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { amountString } from '@panalo/contract/wallet';
import type { PaySimEvent } from './paysim.adapter';
import { postJson, type Courier, type Delivery } from './courier';
import { payMongoSide, type PayMongoSim } from './paymongo-sim';
import { paymentPage } from './paysim.page';
import { SIGNATURE_HEADER, signPaySim, verifyPaySimSignature } from './paysim.signature';

export type { Delivery } from './courier';

export interface PaySimOptions {
  secret: string;
  host?: string;
  /** 0 (default): an ephemeral port. */
  port?: number;
  /** Duplicate callbacks and deliver them out of order (a stale 'failed' next to the 'paid'). */
  chaos?: boolean;
  /** The provider's clock (signature timestamps); tests pass the app's fixed clock. */
  now?: () => Date;
  random?: () => number;
  retry?: { attempts?: number; baseMs?: number; timeoutMs?: number };
  /** Longest the browser waits for the first callback before being sent back to the merchant. */
  redirectWaitMs?: number;
  log?: (msg: string) => void;
  /** Where the demo PayMongo keeps its payments across restarts (npm start); memory only without. */
  payMongoJournalFile?: string;
}

export interface SimPayment {
  ref: string;
  orderId: string;
  merchant: string;
  merchantName: string;
  amount: string;
  currency: string;
  returnUrl: string;
  callbackUrl: string;
  status: 'open' | 'paid' | 'failed';
  deliveries: Delivery[];
}

export interface PaySim {
  url: string;
  /** Switchable at run time (tests, the demo). */
  chaos: boolean;
  payments: Map<string, SimPayment>;
  /** The demo's PayMongo on the same server (its Checkout Session API, checkout pages and webhooks). */
  paymongo: PayMongoSim;
  /** Decides a payment as the hosted page would; resolves once the main callback was delivered or given up. */
  pay(ref: string, outcome: 'paid' | 'failed', o?: { amount?: string }): Promise<SimPayment>;
  /** Resolves when every callback in flight (retries, chaos extras) has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const createBody = z.object({
  orderId: z.string().regex(/^\d{1,19}$/),
  merchant: z.string().min(1).max(32),
  merchantName: z.string().min(1).max(100),
  amount: amountString,
  currency: z.string().length(3),
  returnUrl: z.url({ protocol: /^https?$/ }),
  callbackUrl: z.url({ protocol: /^https?$/ }),
});
const payBody = z.object({ outcome: z.enum(['paid', 'failed']), amount: amountString.optional() });

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * PaySim: a payment provider on loopback, the other side of the PaySim adapter. It keeps its payments
 * in memory (it is the provider, not our store), serves a hosted payment page, and on a decision sends
 * signed callbacks with retries and backoff; in chaos mode it also duplicates them and sends a stale
 * contradicting event, in a shuffled order, as real providers sometimes do.
 */
export async function startPaySim(o: PaySimOptions): Promise<PaySim> {
  const now = o.now ?? (() => new Date());
  const random = o.random ?? Math.random;
  const attempts = o.retry?.attempts ?? 6;
  const baseMs = o.retry?.baseMs ?? 250;
  const timeoutMs = o.retry?.timeoutMs ?? 3000;
  const log = o.log ?? (() => {});
  const payments = new Map<string, SimPayment>();
  const inFlight = new Set<Promise<void>>();

  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };

  /**
   * Posts one notification until our API takes it (2xx) or the attempts run out, backing off between
   * them; `headers` is called on every attempt, so a retry after a long backoff is signed afresh.
   */
  const courier: Courier = (url, body, headers, d, delayMs = 0) => {
    const run = async () => {
      if (delayMs > 0) await sleep(delayMs);
      for (let i = 0; i < attempts; i++) {
        d.attempts++;
        const status = await postJson(url, body, headers(), timeoutMs);
        d.answers.push(status);
        if (status >= 200 && status < 300) {
          d.delivered = true;
          return;
        }
        log(`paysim: notification ${d.eventId} answered ${status}, retrying`);
        if (i < attempts - 1) await sleep(Math.min(baseMs * 2 ** i, 10_000));
      }
      log(`paysim: notification ${d.eventId} given up after ${attempts} attempts`);
    };
    return track(run());
  };

  const send = (p: SimPayment, event: PaySimEvent, delayMs = 0) => {
    const d: Delivery = {
      eventId: event.eventId,
      status: event.status,
      attempts: 0,
      answers: [],
      delivered: false,
    };
    p.deliveries.push(d);
    const body = JSON.stringify(event);
    return courier(
      p.callbackUrl,
      body,
      () => ({ merchant: p.merchant, [SIGNATURE_HEADER]: signPaySim(o.secret, body, now()) }),
      d,
      delayMs,
    );
  };

  const decide = async (p: SimPayment, outcome: 'paid' | 'failed', amount?: string) => {
    p.status = outcome;
    const at = now().getTime();
    const event: PaySimEvent = {
      eventId: `evt_${randomBytes(9).toString('hex')}`,
      providerRef: p.ref,
      orderId: p.orderId,
      status: outcome,
      amount: amount ?? p.amount,
      currency: p.currency,
      occurredAt: at,
    };
    if (!sim.chaos) return send(p, event);
    // Chaos: the event twice, plus (for a payment) a stale 'failed' from before it; shuffled, each a
    // few milliseconds apart so that they overlap at the merchant.
    const batch: PaySimEvent[] = [event, event];
    if (outcome === 'paid') {
      batch.push({
        ...event,
        eventId: `evt_${randomBytes(9).toString('hex')}`,
        status: 'failed',
        occurredAt: at - 1000,
      });
    }
    for (let i = batch.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [batch[i], batch[j]] = [batch[j]!, batch[i]!];
    }
    const sent = batch.map((e) => send(p, e, Math.floor(random() * 20)));
    return sent[batch.indexOf(event)];
  };

  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Keep the raw body of JSON calls: the merchant's create call is signed over it.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const sim: PaySim = {
    url: '',
    chaos: o.chaos ?? false,
    payments,
    paymongo: payMongoSide(app, {
      now,
      random,
      chaos: () => sim.chaos,
      baseUrl: () => sim.url,
      courier,
      redirectWaitMs: o.redirectWaitMs ?? 3000,
      journal: journal(o.payMongoJournalFile),
    }),
    async pay(ref, outcome, opts = {}) {
      const p = payments.get(ref);
      if (!p) throw new Error(`paysim: unknown payment ${ref}`);
      if (p.status !== 'open') throw new Error(`paysim: payment ${ref} is already ${p.status}`);
      await decide(p, outcome, opts.amount);
      return p;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: () => app.close(),
  };

  app.get('/health', async () => ({ ok: true }));

  app.post('/sim/payments', async (req, reply) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    const header = req.headers[SIGNATURE_HEADER];
    if (!verifyPaySimSignature(o.secret, raw, Array.isArray(header) ? header[0] : header, now())) {
      return reply.status(401).send({ error: 'signature' });
    }
    const parsed = createBody.safeParse(parseJson(raw));
    if (!parsed.success) return reply.status(400).send({ error: 'invalid' });
    const existing = [...payments.values()].find(
      (p) => p.merchant === parsed.data.merchant && p.orderId === parsed.data.orderId,
    );
    if (existing) return { ref: existing.ref };
    const ref = `ps_${randomBytes(12).toString('hex')}`;
    payments.set(ref, { ref, ...parsed.data, status: 'open', deliveries: [] });
    return { ref };
  });

  app.get('/sim/payments/:ref', async (req, reply) => {
    const p = payments.get((req.params as { ref: string }).ref);
    return p ?? reply.status(404).send({ error: 'unknown' });
  });

  // For tests and journeys that pay without a browser.
  app.post('/sim/pay/:ref', async (req, reply) => {
    const p = payments.get((req.params as { ref: string }).ref);
    if (!p) return reply.status(404).send({ error: 'unknown' });
    const parsed = payBody.safeParse(parseJson(typeof req.body === 'string' ? req.body : ''));
    if (!parsed.success) return reply.status(400).send({ error: 'invalid' });
    if (p.status !== 'open') return reply.status(409).send({ error: 'decided', status: p.status });
    await decide(p, parsed.data.outcome, parsed.data.amount);
    return { ref: p.ref, status: p.status, deliveries: p.deliveries };
  });

  app.get('/pay/:ref', async (req, reply) => {
    const p = payments.get((req.params as { ref: string }).ref);
    if (!p) return reply.status(404).type('text/plain').send('Unknown payment');
    return reply.type('text/html; charset=utf-8').send(paymentPage(p));
  });

  app.post('/pay/:ref', async (req, reply) => {
    const p = payments.get((req.params as { ref: string }).ref);
    if (!p) return reply.status(404).type('text/plain').send('Unknown payment');
    const outcome = (req.body as Record<string, string> | undefined)?.outcome;
    if (p.status === 'open' && (outcome === 'paid' || outcome === 'failed')) {
      // Wait a moment for our callback so that the member lands on a page that already shows it.
      await Promise.race([decide(p, outcome), sleep(o.redirectWaitMs ?? 3000)]);
    }
    const back = new URL(p.returnUrl);
    back.searchParams.set('order', p.orderId);
    return reply.redirect(back.toString(), 303);
  });

  await app.listen({ port: o.port ?? 0, host: o.host ?? '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  sim.url = `http://${o.host ?? '127.0.0.1'}:${port}`;
  return sim;
}
