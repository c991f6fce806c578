import { z } from 'zod';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { DomainError } from '../../../lib/domain-error';
import type { CallbackHeaders, PaymentAdapter, PaymentEvent } from '../adapter';
import { PAYMONGO_SIGNATURE_HEADER, verifyPayMongoSignature } from './paymongo.signature';

export const PAYMONGO = 'paymongo';

/** A merchant's PayMongo account: its API, secret key, webhook secret, and test or live mode. */
export interface PayMongoAccount {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  livemode: boolean;
}

/** Our deposit methods (deposit_method.code) in PayMongo's payment_method_types. */
export const PAYMONGO_METHOD_TYPES: Record<string, string> = {
  GCASH: 'gcash',
  MAYA: 'paymaya',
  QRPH: 'qrph',
  GRABPAY: 'grab_pay',
  CARD: 'card',
};

const checkoutAnswer = z.object({
  data: z.object({
    id: z.string().min(1).max(100),
    attributes: z.object({ checkout_url: z.url({ protocol: /^https?$/ }) }),
  }),
});

const paidPayment = z.object({
  attributes: z.object({
    amount: z.number().int().positive(),
    currency: z.string().length(3),
    status: z.string(),
  }),
});
/** The event PayMongo posts (the fields we read); only a checkout session's payment moves money. */
const webhookEvent = z.object({
  data: z.object({
    id: z.string().min(1).max(100),
    attributes: z.object({
      type: z.string().max(100),
      livemode: z.boolean(),
      data: z.object({
        id: z.string().min(1).max(100),
        attributes: z.looseObject({
          reference_number: z.string().max(100).nullish(),
          payments: z.array(paidPayment).nullish(),
        }),
      }),
    }),
  }),
});

const unavailable = () =>
  new DomainError('payment_provider_unavailable', 503, 'The payment provider is not available');
const badSignature = () =>
  new DomainError('payment_signature_invalid', 401, 'The callback signature is invalid');

/**
 * PayMongo behind the adapter interface (developers.paymongo.com: Checkout Sessions and webhooks). Each
 * merchant has its own account (`accountFor`): a deposit opens a checkout session for the method the
 * member picked, with our deposit id as its reference; its `checkout_session.payment.paid` event credits
 * it (every other event is acknowledged and moves nothing).
 */
export function paymongoAdapter(o: {
  accountFor: (db: Database, merchantCode: string) => Promise<PayMongoAccount | null>;
  clock: Clock;
  timeoutMs?: number;
}): PaymentAdapter {
  return {
    code: PAYMONGO,
    async createPayment(order, returnUrl, _callbackUrl, db) {
      const account = await o.accountFor(db, order.merchantCode);
      const type = PAYMONGO_METHOD_TYPES[order.method ?? ''];
      if (!account || !type) throw unavailable();
      const body = JSON.stringify({
        data: {
          attributes: {
            line_items: [
              {
                name: `Deposit ${order.orderId}`,
                amount: Number(order.amount),
                currency: order.currency,
                quantity: 1,
              },
            ],
            payment_method_types: [type],
            success_url: returnUrl,
            cancel_url: returnUrl,
            reference_number: order.orderId,
            description: `${order.merchantName} deposit ${order.orderId}`,
            send_email_receipt: false,
            show_description: true,
            show_line_items: false,
          },
        },
      });
      let res: Response;
      try {
        res = await fetch(`${account.apiUrl.replace(/\/+$/, '')}/v1/checkout_sessions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from(`${account.secretKey}:`).toString('base64')}`,
          },
          body,
          signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
        });
      } catch {
        throw unavailable();
      }
      const parsed = checkoutAnswer.safeParse(res.ok ? await res.json().catch(() => null) : null);
      if (!parsed.success) throw unavailable();
      return { providerRef: parsed.data.data.id, redirectUrl: parsed.data.data.attributes.checkout_url };
    },

    async verifyCallback(
      rawBody: string,
      headers: CallbackHeaders,
      merchantCode: string,
      db: Database,
    ): Promise<PaymentEvent | null> {
      const account = await o.accountFor(db, merchantCode);
      const header = headers[PAYMONGO_SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      if (
        !account ||
        !verifyPayMongoSignature(account.webhookSecret, rawBody, signature, {
          livemode: account.livemode,
          now: o.clock.now(),
        })
      )
        throw badSignature();
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        json = null;
      }
      const parsed = webhookEvent.safeParse(json);
      if (!parsed.success)
        throw new DomainError('payment_event_invalid', 400, 'The callback could not be read');
      const e = parsed.data.data;
      // A test event never reaches a live account's books (nor the reverse).
      if (e.attributes.livemode !== account.livemode) throw badSignature();
      if (e.attributes.type !== 'checkout_session.payment.paid') return null;
      const session = e.attributes.data;
      const paid = (session.attributes.payments ?? []).filter((p) => p.attributes.status === 'paid');
      const orderId = session.attributes.reference_number ?? '';
      if (paid.length === 0 || !/^\d{1,19}$/.test(orderId)) return null;
      return {
        eventId: e.id,
        providerRef: session.id,
        orderId,
        status: 'paid',
        amount: paid.reduce((s, p) => s + BigInt(p.attributes.amount), 0n),
        currency: paid[0]!.attributes.currency,
      };
    },
  };
}
