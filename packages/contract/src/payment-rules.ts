// Zod-free: the operator console (apps/admin) builds its PayMongo form from these.

export const OPS_PAYMONGO_PATH = '/ops/payments/paymongo';

/** The deposit methods a merchant can take through PayMongo (deposit_method.code), in the cashier's order. */
export const PAYMONGO_METHODS = ['GCASH', 'MAYA', 'QRPH', 'GRABPAY', 'CARD'] as const;
export type PayMongoMethod = (typeof PAYMONGO_METHODS)[number];

/** What members see for each method unless the operator names it otherwise. */
export const PAYMONGO_METHOD_NAMES: Record<PayMongoMethod, string> = {
  GCASH: 'GCash',
  MAYA: 'Maya',
  QRPH: 'QR Ph',
  GRABPAY: 'GrabPay',
  CARD: 'Credit or debit card',
};

/** PayMongo's secret keys: sk_test_… in test mode, sk_live_… in live mode. */
export const PAYMONGO_SECRET_KEY = /^sk_(test|live)_[A-Za-z0-9]{8,100}$/;
/** A webhook's secret as PayMongo shows it (whsk_…). */
export const PAYMONGO_WEBHOOK_SECRET = /^whsk_[A-Za-z0-9]{8,100}$/;
