// Long file: the demo PayMongo is one protocol (checkout sessions, their page, webhooks, the payments list
// and its planted breaks) over one state, read best in one place.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatAmount } from '@panalo/contract/money';
import { PAYMONGO_SIGNATURE_HEADER, signPayMongo } from '../paymongo/paymongo.signature';
import type { Courier, Delivery } from './courier';
import { escape, pageShell } from './paysim.page';
import type { Journal } from '../../../lib/journal';

/** An account at the demo PayMongo: its secret key, and the webhook it notifies. */
export interface SimPayMongoAccount {
  secretKey: string;
  webhookSecret: string;
  /** Where checkout_session.payment.paid and payment.* events go. */
  webhookUrl: string;
  livemode: boolean;
}

export interface SimCheckoutSession {
  id: string;
  account: SimPayMongoAccount;
  amount: number;
  currency: string;
  name: string;
  description: string;
  methodTypes: string[];
  referenceNumber: string;
  successUrl: string;
  cancelUrl: string;
  status: 'active' | 'paid';
  payments: SimPayment[];
  createdAt: number;
  deliveries: Delivery[];
}

/** A payment at the demo PayMongo: amounts in centavos; `createdAt` in ms. */
export interface SimPayment {
  id: string;
  amount: number;
  fee: number;
  currency: string;
  status: 'paid' | 'failed' | 'refunded';
  method: string;
  createdAt: number;
}

/** Breaks planted on a paid payment: its amount one centavo more than the webhook said, or refunded. */
export type PayMongoPlant = 'amount_off' | 'refund';

/** The demo's fee on a payment: 2.5 % of it, in whole centavos (the merchant's cost). */
export const simFeeOf = (amount: number): number => Math.round(amount * 0.025);

export interface PayMongoSim {
  accounts: Map<string, SimPayMongoAccount>;
  sessions: Map<string, SimCheckoutSession>;
  /** Opens (or replaces) an account at the demo PayMongo. */
  addAccount(a: SimPayMongoAccount): void;
  /**
   * Pays or fails a session as its checkout page would; resolves once the main webhook was delivered or
   * given up. `webhook: false` plants a break: the payment is taken and no event is ever sent.
   */
  pay(id: string, outcome: 'paid' | 'failed', o?: { webhook?: boolean }): Promise<SimCheckoutSession>;
  /** Plants a break on a session's paid payment (reconciliation finds it). */
  plant(sessionId: string, kind: PayMongoPlant): SimPayment;
  /**
   * Books a paid checkout that happened (the bench's made-up day): its session and payment, at `at`,
   * without any webhook.
   */
  bookPaid(o: { secretKey: string; reference: string; amount: number; at: Date }): SimPayment;
}

/** PayMongo's largest page of a list. */
const MAX_LIST_LIMIT = 100;

/** The names PayMongo's checkout shows for its payment_method_types. */
const METHOD_LABELS: Record<string, string> = {
  gcash: 'GCash',
  paymaya: 'Maya',
  qrph: 'QR Ph',
  grab_pay: 'GrabPay',
  card: 'Card',
};

const createBody = z.object({
  data: z.object({
    attributes: z.object({
      line_items: z
        .array(
          z.object({
            name: z.string().min(1).max(255),
            amount: z.number().int().min(2000),
            currency: z.literal('PHP'),
            quantity: z.number().int().min(1),
          }),
        )
        .min(1),
      payment_method_types: z.array(z.enum(Object.keys(METHOD_LABELS) as [string, ...string[]])).min(1),
      success_url: z.url({ protocol: /^https?$/ }),
      cancel_url: z.url({ protocol: /^https?$/ }),
      reference_number: z.string().min(1).max(255).optional(),
      description: z.string().max(255).optional(),
      send_email_receipt: z.boolean().optional(),
      show_description: z.boolean().optional(),
      show_line_items: z.boolean().optional(),
    }),
  }),
});

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(10),
  after: z.string().max(100).optional(),
});

/** PayMongo's error body (`errors: [{code, detail}]`). */
const problem = (reply: FastifyReply, status: number, code: string, detail: string) =>
  reply.status(status).send({ errors: [{ code, detail }] });

/** The sim keeps JSON bodies raw (its other side signs them); forms arrive parsed. */
const bodyOf = (req: FastifyRequest): Record<string, unknown> | null => {
  if (typeof req.body !== 'string') return (req.body as Record<string, unknown> | undefined) ?? null;
  try {
    return JSON.parse(req.body) as Record<string, unknown>;
  } catch {
    return null;
  }
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The demo's PayMongo, on PaySim's server: the Checkout Session API as developers.paymongo.com documents
 * it (`POST /v1/checkout_sessions` and `GET /v1/checkout_sessions/:id` with the secret key by HTTP basic
 * auth, amounts in centavos), a hosted checkout page in test mode ("Authorize test payment" or "Fail test
 * payment"), and webhooks signed `Paymongo-Signature: t=…,te=…,li=…` with retries; in chaos mode the paid
 * event comes twice, next to a payment.paid event, in a shuffled order.
 */
export function payMongoSide(
  app: FastifyInstance,
  o: {
    now: () => Date;
    random: () => number;
    chaos: () => boolean;
    baseUrl: () => string;
    courier: Courier;
    redirectWaitMs: number;
    /** Where its payments are kept across restarts (npm start); memory only without. */
    journal?: Journal;
  },
): PayMongoSim {
  const accounts = new Map<string, SimPayMongoAccount>();
  const sessions = new Map<string, SimCheckoutSession>();
  /** Accounts by secret key, including those known only from the journal until they are opened again. */
  const known = new Map<string, SimPayMongoAccount>();
  const accountByKey = (secretKey: string) => {
    let a = known.get(secretKey);
    if (!a) known.set(secretKey, (a = { secretKey, webhookSecret: '', webhookUrl: '', livemode: false }));
    return a;
  };

  const accountOf = (req: FastifyRequest) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Basic ')) return undefined;
    const user = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
    return accounts.get(user);
  };

  const seconds = (ms: number) => Math.floor(ms / 1000);
  const paymentResource = (s: SimCheckoutSession, p: SimCheckoutSession['payments'][number]) => ({
    id: p.id,
    type: 'payment',
    attributes: {
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      description: s.description,
      livemode: s.account.livemode,
      source: { type: p.method },
      fee: p.fee,
      net_amount: p.amount - p.fee,
      external_reference_number: s.referenceNumber,
      metadata: { pm_reference_number: s.referenceNumber, checkout_session_id: s.id },
      refunds: p.status === 'refunded' ? [{ amount: p.amount }] : [],
      created_at: seconds(p.createdAt),
      paid_at: p.status === 'failed' ? null : seconds(p.createdAt),
      updated_at: seconds(o.now().getTime()),
    },
  });
  const sessionResource = (s: SimCheckoutSession) => ({
    id: s.id,
    type: 'checkout_session',
    attributes: {
      checkout_url: `${o.baseUrl()}/checkout/${s.id}`,
      cancel_url: s.cancelUrl,
      success_url: s.successUrl,
      description: s.description,
      line_items: [{ name: s.name, amount: s.amount, currency: s.currency, quantity: 1 }],
      livemode: s.account.livemode,
      payment_method_types: s.methodTypes,
      payments: s.payments.map((p) => paymentResource(s, p)),
      reference_number: s.referenceNumber,
      status: s.status,
      created_at: seconds(s.createdAt),
      updated_at: seconds(o.now().getTime()),
    },
  });

  /**
   * Sends one event to the account's webhook, signed afresh on each attempt; `copies` > 1 sends the same
   * event (same id, same body) that many times, as a retry crossing a slow answer does; each copy after
   * its own `delayMs()`.
   */
  const notify = (
    s: SimCheckoutSession,
    type: string,
    data: unknown,
    n: { copies?: number; delayMs?: () => number } = {},
  ): Promise<void> => {
    const at = seconds(o.now().getTime());
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({
      data: {
        id: eventId,
        type: 'event',
        attributes: {
          type,
          livemode: s.account.livemode,
          data,
          previous_data: {},
          created_at: at,
          updated_at: at,
        },
      },
    });
    const sign = () => ({
      [PAYMONGO_SIGNATURE_HEADER]: signPayMongo(s.account.webhookSecret, body, o.now(), s.account.livemode),
    });
    const sends: Promise<void>[] = [];
    for (let i = 0; i < (n.copies ?? 1); i++) {
      const d: Delivery = { eventId, status: type, attempts: 0, answers: [], delivered: false };
      s.deliveries.push(d);
      sends.push(o.courier(s.account.webhookUrl, body, sign, d, n.delayMs?.() ?? 0));
    }
    return Promise.all(sends).then(() => undefined);
  };

  /** Each account's payments, oldest first (the payments list reads them newest first), and their places. */
  type Taken = { session: SimCheckoutSession; payment: SimPayment };
  const payments = new Map<string, { list: Taken[]; at: Map<string, number> }>();
  const byPaymentId = new Map<string, SimPayment>();
  const keep = (t: Taken) => {
    let mine = payments.get(t.session.account.secretKey);
    if (!mine) payments.set(t.session.account.secretKey, (mine = { list: [], at: new Map() }));
    mine.at.set(t.payment.id, mine.list.length);
    mine.list.push(t);
    byPaymentId.set(t.payment.id, t.payment);
  };
  const took = (t: Taken) => {
    keep(t);
    const { account, deliveries: _d, payments: _p, ...session } = t.session;
    o.journal?.append({ session: { ...session, secretKey: account.secretKey }, payment: t.payment });
  };
  const changed = (p: SimPayment) => o.journal?.append({ change: p.id, amount: p.amount, status: p.status });
  // The payments of earlier runs, and the changes planted on them.
  type Line =
    | {
        session: Omit<SimCheckoutSession, 'account' | 'deliveries' | 'payments'> & { secretKey: string };
        payment: SimPayment;
      }
    | { change: string; amount: number; status: SimPayment['status'] };
  for (const line of (o.journal?.earlier ?? []) as Line[]) {
    if ('change' in line) {
      const p = byPaymentId.get(line.change);
      if (p) Object.assign(p, { amount: line.amount, status: line.status });
      continue;
    }
    const { secretKey, ...rest } = line.session;
    let s = sessions.get(rest.id);
    if (!s)
      sessions.set(
        rest.id,
        (s = { ...rest, account: accountByKey(secretKey), payments: [], deliveries: [] }),
      );
    s.payments.push(line.payment);
    if (line.payment.status !== 'failed') s.status = 'paid';
    keep({ session: s, payment: line.payment });
  }
  const decide = (s: SimCheckoutSession, outcome: 'paid' | 'failed', webhook = true): Promise<void> => {
    const payment: SimPayment = {
      id: `pay_${randomBytes(12).toString('hex')}`,
      amount: s.amount,
      fee: outcome === 'paid' ? simFeeOf(s.amount) : 0,
      currency: s.currency,
      status: outcome,
      method: s.methodTypes[0] ?? 'gcash',
      createdAt: o.now().getTime(),
    };
    s.payments.push(payment);
    took({ session: s, payment });
    if (outcome === 'failed') return notify(s, 'payment.failed', paymentResource(s, payment));
    s.status = 'paid';
    if (!webhook) return Promise.resolve();
    if (!o.chaos()) {
      void notify(s, 'payment.paid', paymentResource(s, payment));
      return notify(s, 'checkout_session.payment.paid', sessionResource(s));
    }
    // Chaos: the paid event twice and payment.paid once, each after a random few milliseconds, so that
    // they arrive in any order and overlap at the merchant.
    const jitter = () => Math.floor(o.random() * 20);
    void notify(s, 'payment.paid', paymentResource(s, payment), { delayMs: jitter });
    return notify(s, 'checkout_session.payment.paid', sessionResource(s), { copies: 2, delayMs: jitter });
  };

  app.post('/v1/checkout_sessions', async (req, reply) => {
    const account = accountOf(req);
    if (!account) return problem(reply, 401, 'authentication_failed', 'The API key is invalid.');
    const parsed = createBody.safeParse(bodyOf(req));
    if (!parsed.success)
      return problem(reply, 400, 'parameter_invalid', parsed.error.issues[0]?.message ?? 'invalid');
    const a = parsed.data.data.attributes;
    const item = a.line_items[0]!;
    const id = `cs_${randomBytes(12).toString('hex')}`;
    const s: SimCheckoutSession = {
      id,
      account,
      amount: a.line_items.reduce((sum, l) => sum + l.amount * l.quantity, 0),
      currency: item.currency,
      name: item.name,
      description: a.description ?? item.name,
      methodTypes: a.payment_method_types,
      referenceNumber: a.reference_number ?? '',
      successUrl: a.success_url,
      cancelUrl: a.cancel_url,
      status: 'active',
      payments: [],
      createdAt: o.now().getTime(),
      deliveries: [],
    };
    sessions.set(id, s);
    return { data: sessionResource(s) };
  });

  app.get('/v1/checkout_sessions/:id', async (req, reply) => {
    const account = accountOf(req);
    if (!account) return problem(reply, 401, 'authentication_failed', 'The API key is invalid.');
    const s = sessions.get((req.params as { id: string }).id);
    if (!s || s.account !== account)
      return problem(reply, 404, 'resource_not_found', 'No such checkout session.');
    return { data: sessionResource(s) };
  });

  // List all payments (developers.paymongo.com): newest first, `limit` at most 100, `after` a payment id
  // (the page continues after it), `has_more`.
  app.get('/v1/payments', async (req, reply) => {
    const account = accountOf(req);
    if (!account) return problem(reply, 401, 'authentication_failed', 'The API key is invalid.');
    const q = listQuery.safeParse(req.query);
    if (!q.success) return problem(reply, 400, 'parameter_invalid', 'limit or after is invalid.');
    const mine = payments.get(account.secretKey) ?? { list: [], at: new Map<string, number>() };
    // Newest first: the page after a payment starts at the one taken just before it.
    const after = q.data.after === undefined ? mine.list.length : mine.at.get(q.data.after);
    if (after === undefined)
      return problem(reply, 400, 'parameter_invalid', 'No such payment to list after.');
    const page = mine.list.slice(Math.max(0, after - q.data.limit), after).reverse();
    return {
      has_more: after - page.length > 0,
      data: page.map((p) => paymentResource(p.session, p.payment)),
    };
  });

  app.post('/sim/paymongo/plant', async (req, reply) => {
    const b = z
      .object({ session: z.string().max(100), kind: z.enum(['amount_off', 'refund']) })
      .safeParse(bodyOf(req));
    if (!b.success) return reply.status(400).send({ error: 'invalid' });
    try {
      return { planted: b.data.kind, payment: plant(b.data.session, b.data.kind) };
    } catch {
      return reply.status(404).send({ error: 'no_paid_payment' });
    }
  });

  const plant = (sessionId: string, kind: PayMongoPlant): SimPayment => {
    const p = sessions.get(sessionId)?.payments.find((x) => x.status === 'paid');
    if (!p) throw new Error(`paymongo sim: session ${sessionId} has no paid payment`);
    if (kind === 'amount_off') p.amount += 1;
    else p.status = 'refunded';
    changed(p);
    return p;
  };

  app.get('/checkout/:id', async (req, reply) => {
    const s = sessions.get((req.params as { id: string }).id);
    if (!s) return reply.status(404).type('text/plain').send('Unknown checkout session');
    const method = METHOD_LABELS[s.methodTypes[0] ?? ''] ?? 'PayMongo';
    const inner =
      s.status === 'active'
        ? `<form method="post" action="/checkout/${encodeURIComponent(s.id)}">
  <button class="pay" type="submit" name="outcome" value="paid">Authorize test payment</button>
  <button class="decline" type="submit" name="outcome" value="failed">Fail test payment</button>
</form>
<p class="note">Test mode: this is the demo's PayMongo (PaySim). No real money moves.</p>`
        : `<p role="status">This checkout is already paid.</p>
<p><a href="${escape(s.successUrl)}">Back to the merchant</a></p>`;
    return reply.type('text/html; charset=utf-8').send(
      pageShell(
        `Pay with ${method} – PayMongo`,
        `<h1>Pay with ${escape(method)}</h1>
<dl>
  <dt>Amount</dt><dd class="amount">${escape(s.currency)} ${escape(formatAmount(BigInt(s.amount)))}</dd>
  <dt>For</dt><dd>${escape(s.description)}</dd>
  <dt>Reference</dt><dd>${escape(s.referenceNumber)}</dd>
</dl>
${inner}`,
      ),
    );
  });

  app.post('/checkout/:id', async (req, reply) => {
    const s = sessions.get((req.params as { id: string }).id);
    if (!s) return reply.status(404).type('text/plain').send('Unknown checkout session');
    const outcome = bodyOf(req)?.outcome;
    if (s.status === 'active' && (outcome === 'paid' || outcome === 'failed')) {
      // Wait a moment for the webhook so that the member lands on a page that already shows it.
      await Promise.race([decide(s, outcome), sleep(o.redirectWaitMs)]);
    }
    return reply.redirect(s.status === 'paid' ? s.successUrl : s.cancelUrl, 303);
  });

  // For tests and journeys that pay without a browser.
  app.post('/sim/checkout/:id/pay', async (req, reply) => {
    const s = sessions.get((req.params as { id: string }).id);
    if (!s) return reply.status(404).send({ error: 'unknown' });
    const body = bodyOf(req);
    const outcome = body?.outcome;
    if (outcome !== 'paid' && outcome !== 'failed') return reply.status(400).send({ error: 'invalid' });
    if (s.status !== 'active') return reply.status(409).send({ error: 'decided', status: s.status });
    await decide(s, outcome, body?.webhook !== false);
    return { id: s.id, status: s.status, deliveries: s.deliveries };
  });

  return {
    accounts,
    sessions,
    addAccount(a) {
      // The same object as the journal's sessions hold, so that they follow the account's new webhook.
      const account = Object.assign(accountByKey(a.secretKey), a);
      accounts.set(a.secretKey, account);
    },
    async pay(id, outcome, p = {}) {
      const s = sessions.get(id);
      if (!s) throw new Error(`paymongo sim: unknown checkout session ${id}`);
      if (s.status !== 'active') throw new Error(`paymongo sim: session ${id} is already ${s.status}`);
      await decide(s, outcome, p.webhook !== false);
      return s;
    },
    plant,
    bookPaid(b) {
      const account = accounts.get(b.secretKey);
      if (!account) throw new Error('paymongo sim: unknown account');
      // The bench's day is not journaled: it is made up, not taken.
      const id = `cs_${randomBytes(12).toString('hex')}`;
      const payment: SimPayment = {
        id: `pay_${randomBytes(12).toString('hex')}`,
        amount: b.amount,
        fee: simFeeOf(b.amount),
        currency: 'PHP',
        status: 'paid',
        method: 'gcash',
        createdAt: b.at.getTime(),
      };
      const s: SimCheckoutSession = {
        id,
        account,
        amount: b.amount,
        currency: 'PHP',
        name: `Deposit ${b.reference}`,
        description: `Deposit ${b.reference}`,
        methodTypes: ['gcash'],
        referenceNumber: b.reference,
        successUrl: 'http://localhost/',
        cancelUrl: 'http://localhost/',
        status: 'paid',
        payments: [payment],
        createdAt: b.at.getTime(),
        deliveries: [],
      };
      sessions.set(id, s);
      keep({ session: s, payment });
      return payment;
    },
  };
}
