import { z } from 'zod';
import { calendarDay, ok } from './common';
import { PRODUCT_GROUPS } from './rebate';
import { amountString, signedAmountString } from './wallet';
import { theme, whitelabel } from './merchant';
import {
  BRAND_CODE,
  BRAND_CURRENCIES,
  BRAND_DOMAIN,
  BRAND_LANGUAGES,
  BRAND_STATUSES,
  FIGURES_MAX_DAYS,
  INVOICE_MONTH,
  PROVIDER_PERMISSIONS,
  PROVIDER_ROLES,
} from './provider-rules';

export * from './provider-rules';

export const providerRole = z.enum(PROVIDER_ROLES);
export const providerPermission = z.enum(PROVIDER_PERMISSIONS);
export const brandStatus = z.enum(BRAND_STATUSES);

// ---------------------------------------------------------------------------------------------
// Provider staff: sign-in with a password and an authenticator, like the brands' staff.
// ---------------------------------------------------------------------------------------------
export const providerLoginRequest = z.object({
  username: z.string().trim().min(1).max(40),
  password: z.string().min(1).max(128),
  otp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export const providerMe = z.object({
  username: z.string(),
  role: providerRole,
  permissions: z.array(providerPermission),
  idleMinutes: z.number().int(),
});
export type ProviderMe = z.infer<typeof providerMe>;
export const providerMeResponse = ok(providerMe);
export const providerLoginResponse = ok(z.object({ token: z.string(), me: providerMe }));

// ---------------------------------------------------------------------------------------------
// Brands
// ---------------------------------------------------------------------------------------------
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(BRAND_DOMAIN, 'valid.domain')
  .refine((d) => !/^\d+(\.\d+){3}$/.test(d), 'valid.domain');
const timeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'valid.time_zone');
const language = z.enum(BRAND_LANGUAGES);

export const brandSummary = z.object({
  code: z.string(),
  name: z.string(),
  status: brandStatus,
  mainDomain: z.string(),
  domains: z.array(z.string()),
  currency: z.string(),
  timeZone: z.string(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  createdAt: z.string(),
  statusChangedAt: z.string().nullable(),
  /** Players and agents registered (trial accounts and staff not counted). */
  players: z.number().int(),
});
export type BrandSummary = z.infer<typeof brandSummary>;
export const brandListResponse = ok(z.object({ list: z.array(brandSummary) }));

export const brandStatusChange = z.object({
  from: brandStatus.nullable(),
  to: brandStatus,
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});

export const brandDetail = brandSummary.extend({
  theme,
  modules: whitelabel,
  minAge: z.number().int(),
  birthDateRequired: z.boolean(),
  restrictedCountries: z.array(z.string()),
  lotteryGames: z.array(z.string()),
  /** The brand's owners: whether each has set a password through the set-up link yet. */
  owners: z.array(z.object({ username: z.string(), setupPending: z.boolean() })),
  history: z.array(brandStatusChange),
});
export type BrandDetail = z.infer<typeof brandDetail>;
export const brandDetailResponse = ok(brandDetail);
export const brandParams = z.object({ code: z.string().regex(BRAND_CODE) });

/** The launch form (issue 51 item 2); what it leaves out comes from the template brand or the defaults. */
export const launchBrandRequest = z
  .object({
    code: z.string().trim().toLowerCase().regex(BRAND_CODE, 'valid.brand_code'),
    name: z.string().trim().min(2).max(40),
    mainDomain: domain,
    extraDomains: z.array(domain).max(10).default([]),
    currency: z.enum(BRAND_CURRENCIES),
    timeZone,
    defaultLanguage: language,
    languages: z.array(language).min(1).max(BRAND_LANGUAGES.length),
    minAge: z.union([z.literal(18), z.literal(21)]),
    birthDateRequired: z.boolean(),
    /** ISO 3166 countries whose players are refused. */
    restrictedCountries: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .max(250)
      .default([]),
    /** Colours (refused below WCAG AA, as the console's theme editor); the logo is uploaded later. */
    theme: theme.omit({ logo: true, logoAlt: true }),
    /** The spec's module flags; the template's (or all on) for the ones not given. */
    modules: whitelabel.default({}),
    /** Lottery games sold (catalogue codes); the template's, or every game, when absent. */
    lotteryGames: z
      .array(z.string().regex(/^[A-Z0-9]{2,16}$/))
      .max(30)
      .optional(),
    /** Copy the cashier, games, lottery, registration form and module flags of this brand. */
    templateCode: z.string().regex(BRAND_CODE).optional(),
    /** The first owner: a staff account with a one-time set-up link (password, then an authenticator). */
    owner: z.object({
      username: z.string().regex(/^[a-z][a-z0-9_]{3,31}$/, 'valid.staff_username'),
      email: z.string().trim().email().max(120).optional(),
    }),
  })
  .refine((b) => b.languages.includes(b.defaultLanguage), {
    path: ['defaultLanguage'],
    message: 'valid.default_language',
  })
  .refine((b) => !b.extraDomains.includes(b.mainDomain), {
    path: ['extraDomains'],
    message: 'valid.domain_twice',
  });
export type LaunchBrandRequest = z.input<typeof launchBrandRequest>;

/** The new brand and its owner's one-time set-up link (shown once; a new one can be made). */
export const ownerLink = z.object({ username: z.string(), url: z.string(), expiresAt: z.string() });
export const launchBrandResponse = ok(z.object({ brand: brandSummary, owner: ownerLink }));
export const ownerLinkResponse = ok(ownerLink);
/** The provider's "view as" of a brand's console: why (the brand's audit log shows it). */
export const viewAsRequest = z.object({ reason: z.string().trim().min(3).max(200) });
/** A draft brand's preview, or a "view as": open the address (on the brand's domain) within the hour. */
export const previewResponse = ok(z.object({ url: z.string(), expiresAt: z.string() }));

export const brandStatusRequest = z.object({
  status: brandStatus,
  reason: z.string().trim().min(3).max(500),
});
export const brandStatusResponse = ok(brandSummary);

// ---------------------------------------------------------------------------------------------
// The provider's audit trail: every provider action, with what it changed.
// ---------------------------------------------------------------------------------------------
export const providerAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string(),
  action: z.string(),
  brand: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
});
export const providerAuditQuery = z.object({
  brand: z.string().regex(BRAND_CODE).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const providerAuditResponse = ok(
  z.object({ list: z.array(providerAuditEntry), total: z.number().int(), totalPages: z.number().int() }),
);

// ---------------------------------------------------------------------------------------------
// The brand owner's one-time set-up (at the brand's console, before the first sign-in).
// ---------------------------------------------------------------------------------------------
export const STAFF_SETUP_PATH = '/ops/setup';
export const staffSetupRequest = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/),
  password: z.string().min(1).max(128),
});
export const staffSetupResponse = ok(z.object({ username: z.string() }));

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

export const brandImageParams = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg)$/) });
