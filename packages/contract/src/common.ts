import { z } from 'zod';

/** Every successful answer: `{ success: true, value }` (the spec's client reads `data.value`). */
export const ok = <T extends z.ZodType>(value: T) => z.object({ success: z.literal(true), value });

/** Every refused answer: a stable message key the UI translates, an English message, optional detail. */
/** A database id as a decimal string: up to 19 digits and within PostgreSQL's bigint (an id beyond it is unknown, 400, never a 500). */
export const dbIdString = z
  .string()
  .regex(/^\d{1,19}$/)
  .refine((s) => !/^\d{1,19}$/.test(s) || BigInt(s) <= 9_223_372_036_854_775_807n, 'id out of range');

export const errorBody = z.object({
  success: z.literal(false),
  code: z.string().describe('message key, translated by the client (errors.<code>)'),
  message: z.string(),
  requestId: z.string().optional(),
  value: z.record(z.string(), z.unknown()).optional(),
  issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Message keys the server may answer with; the web catalogues hold a text for each. */
export const errorCodes = [
  'validation_failed',
  'not_found',
  'rate_limited',
  'unknown_error',
  'merchant_unknown',
  'maintenance',
  'region_restricted',
  'url_empty',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const languageParam = z
  .string()
  .regex(/^[A-Za-z_]{2,8}$/, 'language')
  .transform((s) => s.toUpperCase());

/**
 * A calendar day as YYYY-MM-DD within the years PostgreSQL and every screen handle (1900–2999): ISO
 * allows year 0000, which the database refuses.
 */
export const calendarDay = z.iso
  .date()
  .refine((d) => d >= '1900-01-01' && d <= '2999-12-31', 'valid.date_range');
