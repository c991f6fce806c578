import { z } from 'zod';
import { ok } from './common';
import { amountString } from './wallet';
import { PAYMONGO_METHODS, PAYMONGO_SECRET_KEY, PAYMONGO_WEBHOOK_SECRET } from './payment-rules';

// The console's payment-provider screen (issue 21): a merchant's PayMongo account and the methods it
// collects. Secrets are written, never read back: the answer shows a key's last four characters only.

const reason = z
  .string()
  .trim()
  .min(3)
  .max(200)
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f));

export const payMongoMethod = z.object({
  code: z.enum(PAYMONGO_METHODS),
  name: z.string(),
  enabled: z.boolean(),
  min: amountString,
  max: amountString,
});
export type PayMongoMethodView = z.infer<typeof payMongoMethod>;

export const opsPayMongo = z.object({
  configured: z.boolean(),
  apiUrl: z.string().nullable(),
  livemode: z.boolean(),
  /** `sk_test_…wxyz`: enough to tell keys apart, not enough to use one. */
  secretKeyHint: z.string().nullable(),
  /** Where the merchant points its PayMongo webhook (event checkout_session.payment.paid). */
  webhookUrl: z.string(),
  methods: z.array(payMongoMethod),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type OpsPayMongo = z.infer<typeof opsPayMongo>;
export const opsPayMongoResponse = ok(opsPayMongo);

export const opsPayMongoInput = z
  .object({
    apiUrl: z.url({ protocol: /^https?$/ }).max(200),
    livemode: z.boolean(),
    /** Left out: the stored key stays (required the first time). */
    secretKey: z.string().regex(PAYMONGO_SECRET_KEY).optional(),
    webhookSecret: z.string().regex(PAYMONGO_WEBHOOK_SECRET).optional(),
    methods: z
      .array(
        z.object({
          code: z.enum(PAYMONGO_METHODS),
          enabled: z.boolean(),
          min: amountString,
          max: amountString,
        }),
      )
      .max(PAYMONGO_METHODS.length),
    reason,
  })
  .strict();
export type OpsPayMongoInput = z.infer<typeof opsPayMongoInput>;
