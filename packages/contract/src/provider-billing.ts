import { z } from 'zod';
import { calendarDay, ok } from './common';
import { PRODUCT_GROUPS } from './rebate';
import { amountString, signedAmountString } from './wallet';
import { BRAND_CODE, FIGURES_MAX_DAYS, INVOICE_MONTH } from './provider-rules';

// The provider's money with its brands (issue 51 item 3), re-exported by provider.ts.

// ---------------------------------------------------------------------------------------------
// The brands' figures (issue 51 item 3): the figures each brand's console shows (contract figures.ts,
// one definition each), per brand and reporting day of the brand's time zone.
// ---------------------------------------------------------------------------------------------
export const productGroup = z.enum(PRODUCT_GROUPS);
const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
export const providerFiguresQuery = z
  .object({ from: calendarDay, to: calendarDay, brand: z.string().regex(BRAND_CODE).optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'valid.date_order' })
  .refine((q) => dayCount(q.from, q.to) <= FIGURES_MAX_DAYS, { path: ['from'], message: 'valid.date_span' });

export const brandFigures = z.object({
  /** Registered in the span (players and agents). */
  registrations: z.number().int(),
  /** Placed at least one bet (summed over days: a player active on two days counts twice). */
  activePlayers: z.number().int(),
  deposits: amountString,
  withdrawals: amountString,
  /** Valid turnover: bets − refunds. */
  turnover: signedAmountString,
  wins: signedAmountString,
  /** GGR = turnover − wins, in all and by product group (groups without play left out). */
  ggr: signedAmountString,
  ggrByProduct: z.partialRecord(productGroup, signedAmountString),
  bonuses: signedAmountString,
  rebates: signedAmountString,
  commissions: signedAmountString,
  /** NGR = GGR − bonuses − rebates − commissions. */
  ngr: signedAmountString,
});
export type BrandFigures = z.infer<typeof brandFigures>;
export const brandDay = brandFigures.extend({ brand: z.string(), day: z.string() });
export type BrandDay = z.infer<typeof brandDay>;
export const brandSpan = brandFigures.extend({ brand: z.string(), name: z.string(), currency: z.string() });
export type BrandSpan = z.infer<typeof brandSpan>;
export const providerFiguresResponse = ok(z.object({ days: z.array(brandDay), brands: z.array(brandSpan) }));

// ---------------------------------------------------------------------------------------------
// Commercial terms, versioned from their start date, and the provider's invoice per brand and month.
// ---------------------------------------------------------------------------------------------
/** A share as a percent string with up to two decimals ('15', '12.5'); 0.00–99.99. */
const percent = z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'valid.percent');

export const brandTerms = z.object({
  startsOn: z.string(),
  /** The provider's share of NGR of each product group, as percent strings ('15.00'). */
  shares: z.record(productGroup, z.string()),
  /** The least the brand pays for a month, whatever its NGR. */
  minimumFee: amountString,
  note: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type BrandTerms = z.infer<typeof brandTerms>;
export const brandTermsResponse = ok(z.object({ list: z.array(brandTerms) }));
export const brandTermsRequest = z.object({
  /** The first day the terms apply (earlier days keep the terms they had). */
  startsOn: calendarDay,
  /** The share of every product group without its own. */
  defaultShare: percent,
  shares: z.partialRecord(productGroup, percent).default({}),
  minimumFee: amountString,
  note: z.string().trim().max(300).optional(),
});
export type BrandTermsRequest = z.input<typeof brandTermsRequest>;

export const invoiceQuery = z.object({
  month: z.string().regex(INVOICE_MONTH, 'valid.month'),
  brand: z.string().regex(BRAND_CODE).optional(),
});
/** One product group under one version of the terms. */
export const invoiceLine = z.object({
  product: productGroup,
  /** The first day of the terms this line is billed under. */
  termsFrom: z.string(),
  days: z.number().int(),
  ggr: signedAmountString,
  /** This group's bonuses, rebates and commissions: its own, plus its part of those of no group. */
  deductions: signedAmountString,
  ngr: signedAmountString,
  share: z.string(),
  /** share × NGR, nothing when NGR is negative. */
  fee: amountString,
});
export const brandInvoice = z.object({
  brand: z.string(),
  name: z.string(),
  currency: z.string(),
  month: z.string(),
  lines: z.array(invoiceLine),
  ngr: signedAmountString,
  shareFees: amountString,
  minimumFee: amountString,
  /** What the brand owes: the share fees, or the minimum fee when they are less. */
  due: amountString,
  minimumApplied: z.boolean(),
  /** Days of the month without terms: nothing is billed for them. */
  daysWithoutTerms: z.number().int(),
});
export type BrandInvoice = z.infer<typeof brandInvoice>;
export const invoicesResponse = ok(z.object({ list: z.array(brandInvoice) }));

// ---------------------------------------------------------------------------------------------
// The platform's parts (issue 54): what the answering API process sees of the database.
// ---------------------------------------------------------------------------------------------
export const providerSystem = z.object({
  /** The API process that answered (several may serve behind the load balancer). */
  instance: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** The streaming replica that serves the reads that may be a moment old. */
  replica: z.object({
    configured: z.boolean(),
    /** Those reads go to it now; otherwise to the primary. */
    inUse: z.boolean(),
    /** How far its replay is behind (ms), when last measured; null before or when unreachable. */
    lagMs: z.number().nullable(),
    /** Above this lag the reads go to the primary. */
    maxLagMs: z.number(),
    checkedAt: z.string().nullable(),
    /** Why it is not in use, when it is not. */
    reason: z.string().nullable(),
  }),
});
export type ProviderSystem = z.infer<typeof providerSystem>;
export const providerSystemResponse = ok(providerSystem);
