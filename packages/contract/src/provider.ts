import { z } from 'zod';
import { ok } from './common';
import { brandFigures } from './provider-billing';
import { amountString, signedAmountString } from './wallet';
import { theme, whitelabel } from './merchant';
import { PAYMONGO_METHODS, PAYMONGO_WEBHOOK_SECRET } from './payment-rules';
import {
  BRAND_CODE,
  BRAND_CURRENCIES,
  GAME_KEY,
  LAUNCH_REGISTRATION_FIELDS,
  REGISTRATION_CHOICES,
  MAINTENANCE_WINDOW_MAX_HOURS,
  VENDOR_CODE,
  BRAND_DOMAIN,
  BRAND_LANGUAGES,
  BRAND_STATUSES,
  PROVIDER_PERMISSIONS,
  PROVIDER_ROLES,
} from './provider-rules';

export * from './provider-rules';
export * from './provider-billing';

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

/**
 * A planned maintenance window: between its start and its end the brand's players see the maintenance
 * page with its message and end time; the brand's staff keep working. At most MAINTENANCE_WINDOW_MAX_HOURS.
 */
export const maintenanceWindow = z
  .object({
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    message: z.string().trim().max(200).optional(),
  })
  .refine((w) => Date.parse(w.endsAt) > Date.parse(w.startsAt), {
    path: ['endsAt'],
    message: 'valid.window_order',
  })
  .refine((w) => Date.parse(w.endsAt) - Date.parse(w.startsAt) <= MAINTENANCE_WINDOW_MAX_HOURS * 3_600_000, {
    path: ['endsAt'],
    message: 'valid.window_length',
  });
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;
/** Sets the brand's planned window, or clears it (null). */
export const maintenanceWindowRequest = z.object({ window: maintenanceWindow.nullable() });

/** A PayMongo account entered at launch: test mode only (live keys are the brand's console's, later). */
export const launchPayMongo = z.object({
  secretKey: z.string().regex(/^sk_test_[A-Za-z0-9]{8,100}$/, 'valid.paymongo_test_key'),
  webhookSecret: z.string().regex(PAYMONGO_WEBHOOK_SECRET, 'valid.paymongo_webhook_secret'),
  /** PayMongo's API (its simulator's in the demo); PayMongo's own when absent. */
  apiUrl: z
    .url({ protocol: /^https?$/ })
    .max(200)
    .optional(),
  methods: z.array(z.enum(PAYMONGO_METHODS)).min(1).max(PAYMONGO_METHODS.length),
});

/** What a brand can be launched with: the shared game catalogue, the lottery, the default cashier. */
export const brandCatalogue = z.object({
  vendors: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      category: z.string(),
      games: z.array(z.object({ key: z.string(), name: z.string(), type: z.string() })),
    }),
  ),
  lottery: z.array(z.object({ code: z.string(), name: z.string() })),
  depositMethods: z.array(z.object({ code: z.string(), name: z.string(), provider: z.string().nullable() })),
  payMongoMethods: z.array(z.object({ code: z.enum(PAYMONGO_METHODS), name: z.string() })),
});
export type BrandCatalogue = z.infer<typeof brandCatalogue>;
export const brandCatalogueResponse = ok(brandCatalogue);

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
  /** The registration form's optional fields as the players see them. */
  registration: z.record(z.enum(LAUNCH_REGISTRATION_FIELDS), z.enum(REGISTRATION_CHOICES)),
  restrictedCountries: z.array(z.string()),
  lotteryGames: z.array(z.string()),
  /** Vendors of the catalogue its players see, and how many games it hides of theirs. */
  vendors: z.array(z.string()),
  hiddenGames: z.number().int(),
  /** The cashier's deposit methods, switched on or off. */
  depositMethods: z.array(z.object({ code: z.string(), name: z.string(), enabled: z.boolean() })),
  payMongo: z.object({ configured: z.boolean(), livemode: z.boolean() }),
  maintenanceWindow: z
    .object({ startsAt: z.string(), endsAt: z.string(), message: z.string().nullable() })
    .nullable(),
  /** The app icon uploaded for the brand (null: drawn from its name). */
  icon: z.string().nullable(),
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
    /** The registration form's optional fields: off, asked or required; the template's (or the defaults) when absent. */
    registration: z
      .partialRecord(z.enum(LAUNCH_REGISTRATION_FIELDS), z.enum(REGISTRATION_CHOICES))
      .default({}),
    /** Vendors its players see (catalogue codes); the template's, or every vendor, when absent. */
    vendors: z.array(z.string().regex(VENDOR_CODE)).max(100).optional(),
    /** Games hidden although their vendor is shown (`VENDOR:gameId`); the template's when absent. */
    hiddenGames: z.array(z.string().regex(GAME_KEY)).max(5000).optional(),
    /** The cashier's deposit methods switched on (codes of the template's or the defaults); all when absent. */
    depositMethods: z
      .array(z.string().regex(/^[A-Z0-9_]{2,20}$/))
      .max(30)
      .optional(),
    /** A PayMongo account in test mode, and the methods it collects. */
    payMongo: launchPayMongo.optional(),
    /** A planned maintenance window (players see the maintenance page during it). */
    maintenanceWindow: maintenanceWindow.optional(),
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
// A closed brand's closing report: what it held and did, and its ledger's checks at the close.
// ---------------------------------------------------------------------------------------------
export const closingReport = z.object({
  brand: z.string(),
  name: z.string(),
  currency: z.string(),
  closedAt: z.string(),
  closedBy: z.string(),
  reason: z.string(),
  /** Players and agents ever registered. */
  players: z.number().int(),
  /** What players still held at the close: always 0.00 (a brand holding money is not closed). */
  playersMoney: amountString,
  /** The brand's whole life, as its figures count them. */
  lifetime: brandFigures,
  /** The ledger's accounts at the close, by book and kind: how many, and their balances summed. */
  accounts: z.array(
    z.object({ book: z.string(), kind: z.string(), count: z.number().int(), balance: signedAmountString }),
  ),
  ledger: z.object({
    transfers: z.number().int(),
    entries: z.number().int(),
    /** Every check of the ledger (wallet/ledger-check.ts) passed. */
    clean: z.boolean(),
    /** Each check's findings (all 0 on a clean ledger). */
    checks: z.record(z.string(), z.number().int()),
  }),
});
export type ClosingReport = z.infer<typeof closingReport>;
export const closingReportResponse = ok(closingReport);

export const brandImageParams = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg)$/) });
