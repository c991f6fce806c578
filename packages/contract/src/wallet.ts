import { z } from 'zod';
import { ok } from './common';

/** A money amount on the wire: a plain decimal string with at most two decimals (see money.ts). */
export const amountString = z
  .string()
  .regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/, 'amount')
  .describe('decimal string, e.g. "125.50"');

/** A signed amount in answers (records, P&L). */
export const signedAmountString = z.string().regex(/^-?\d+\.\d{2}$/);

/** Balance (spec §3 wallet: sumBalance). Free-trial accounts see their play-money book. */
export const balance = z.object({
  sumBalance: signedAmountString,
  currency: z.string(),
  book: z.enum(['real', 'play']),
});
export type Balance = z.infer<typeof balance>;
export const balanceResponse = ok(balance);

/** An idempotency key header value: every money-moving call carries one. */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,80}$/);
