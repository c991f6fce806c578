import type { Database } from '../../db/database';

/** What we ask a provider to collect. */
export interface PaymentOrder {
  orderId: string;
  /** The deposit method the member picked (deposit_method.code: GCASH, MAYA…), for a provider with many. */
  method?: string;
  merchantCode: string;
  merchantName: string;
  amount: bigint;
  currency: string;
}

/** A provider's verified word on a payment. */
export interface PaymentEvent {
  /** The provider's id of this notification: a duplicate carries the same one. */
  eventId: string;
  providerRef: string;
  orderId: string;
  status: 'paid' | 'failed';
  amount: bigint;
  currency: string;
}

export type CallbackHeaders = Record<string, string | string[] | undefined>;

/**
 * The interface a real payment provider and the simulator both implement: open a hosted payment, and
 * turn a signed callback into an event (throwing DomainError payment_signature_invalid, 401, otherwise);
 * null for a genuine notification that moves no money (an event of another kind), acknowledged as such.
 */
export interface PaymentAdapter {
  readonly code: string;
  /** `db` is the caller's handle (inside its transaction): a provider reads the merchant's account there. */
  createPayment(
    order: PaymentOrder,
    returnUrl: string,
    callbackUrl: string,
    db: Database,
  ): Promise<{ redirectUrl: string; providerRef: string }>;
  verifyCallback(
    rawBody: string,
    headers: CallbackHeaders,
    merchantCode: string,
    db: Database,
  ): Promise<PaymentEvent | null>;
}

export interface PaymentsConfig {
  adapters: PaymentAdapter[];
  /**
   * Where providers reach our API (e.g. http://127.0.0.1:8080); without it the callback goes to the
   * origin the member's request came in on.
   */
  callbackBaseUrl?: string;
}

interface Registry {
  adapters: Map<string, PaymentAdapter>;
  callbackBaseUrl: string | undefined;
}

// Keyed by the app's database handle: each app (a server process, or a test's app on its own
// database) has its own providers, and nothing leaks from one test app into another.
const registries = new WeakMap<Database, Registry>();

/** Configures the payment providers of the app that uses `db` (replacing earlier ones). */
export function configurePayments(db: Database, config: PaymentsConfig): void {
  registries.set(db, {
    adapters: new Map(config.adapters.map((a) => [a.code, a])),
    callbackBaseUrl: config.callbackBaseUrl?.replace(/\/+$/, ''),
  });
}

/** The adapter for a provider code, or undefined when that provider is not configured here. */
export function paymentAdapter(db: Database, code: string): PaymentAdapter | undefined {
  return registries.get(db)?.adapters.get(code);
}

export function paymentsCallbackBase(db: Database): string | undefined {
  return registries.get(db)?.callbackBaseUrl;
}
