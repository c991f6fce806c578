import { z } from 'zod';
import { amountString } from '@panalo/contract/wallet';
import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { Clock } from '../../../lib/clock';
import { DomainError } from '../../../lib/domain-error';
import type { CallbackHeaders, PaymentAdapter, PaymentEvent } from '../adapter';
import { SIGNATURE_HEADER, signPaySim, verifyPaySimSignature } from './paysim.signature';

export const PAYSIM = 'paysim';

/** The body of a PaySim callback (and of the event log the simulator keeps). */
export const paysimEvent = z.object({
  eventId: z.string().min(1).max(80),
  providerRef: z.string().min(1).max(80),
  orderId: z.string().regex(/^\d{1,19}$/),
  status: z.enum(['paid', 'failed']),
  amount: amountString,
  currency: z.string().min(3).max(3),
  /** When the provider decided (ms); a stale event is older than the one it contradicts. */
  occurredAt: z.number().int(),
});
export type PaySimEvent = z.infer<typeof paysimEvent>;

const createAnswer = z.object({ ref: z.string().min(1).max(80) });
const unavailable = () =>
  new DomainError('payment_provider_unavailable', 503, 'The payment provider is not available');

/**
 * PaySim behind the adapter interface: the hosted payment is opened with a signed server-to-server
 * call, callbacks are HMAC-SHA256 over the raw body with a timestamp checked for freshness.
 */
export function paysimAdapter(o: {
  /** The simulator's base URL; null when it is not running (callbacks still verify). */
  simulatorUrl: string | null;
  secret: string;
  clock: Clock;
  timeoutMs?: number;
}): PaymentAdapter {
  return {
    code: PAYSIM,
    async createPayment(order, returnUrl, callbackUrl) {
      if (!o.simulatorUrl) throw unavailable();
      const body = JSON.stringify({
        orderId: order.orderId,
        merchant: order.merchantCode,
        merchantName: order.merchantName,
        amount: formatAmount(order.amount),
        currency: order.currency,
        returnUrl,
        callbackUrl,
      });
      let res: Response;
      try {
        res = await fetch(`${o.simulatorUrl}/sim/payments`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signPaySim(o.secret, body, o.clock.now()),
          },
          body,
          signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
        });
      } catch {
        throw unavailable();
      }
      const parsed = createAnswer.safeParse(res.ok ? await res.json() : null);
      if (!parsed.success) throw unavailable();
      return {
        providerRef: parsed.data.ref,
        redirectUrl: `${o.simulatorUrl}/pay/${encodeURIComponent(parsed.data.ref)}`,
      };
    },
    async verifyCallback(rawBody: string, headers: CallbackHeaders): Promise<PaymentEvent> {
      const header = headers[SIGNATURE_HEADER];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!verifyPaySimSignature(o.secret, rawBody, signature, o.clock.now())) {
        throw new DomainError('payment_signature_invalid', 401, 'The callback signature is invalid');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        json = null;
      }
      const parsed = paysimEvent.safeParse(json);
      const amount = parsed.success ? parseAmount(parsed.data.amount) : null;
      if (!parsed.success || amount === null) {
        throw new DomainError('payment_event_invalid', 400, 'The callback could not be read');
      }
      const e = parsed.data;
      return {
        eventId: e.eventId,
        providerRef: e.providerRef,
        orderId: e.orderId,
        status: e.status,
        amount,
        currency: e.currency,
      };
    },
  };
}
