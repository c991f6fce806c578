import { z } from 'zod';
import { REGISTRATION_FIELDS } from './registration-rules';

/** White-label flags of spec §6, plus the switches the spec names without a code. */
export const WHITELABEL_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FACEBOOKLOGIN3',
  'GOOGLELOGIN3',
  'MOBILEVERCODELOGIN3',
  'DEPRECM3',
  'WITHREC3',
  'TRANSREC3',
  'TRANSBETREPMEM3',
  'PERSREP',
  'REWCEN3',
  'MANPLAYREB3',
  'PLYRBT',
  'MAILCEN',
  'FEEDBACK3',
  'AGETRANSFERUP3',
  // Direct registration (header register button), VIP benefits, agent dividend.
  'DIRECTREG',
  'VIPBENEFIT',
  'DIVIDEND',
  // Agent menu permission keys (spec §6).
  'AGEPAG',
  'DOWNMAN',
  'AGENTRANSMULTDOWN3',
  'AGETEAMPNL3',
  'TEAMBETTING3',
  'GAMSER',
  'AGEREBINC3',
  'SECPRIV',
] as const;
export const whitelabelFlag = z.enum(WHITELABEL_FLAGS);
export type WhitelabelFlag = z.infer<typeof whitelabelFlag>;
export const whitelabel = z.partialRecord(whitelabelFlag, z.boolean());
export type Whitelabel = z.infer<typeof whitelabel>;

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const theme = z.object({
  primary: colour,
  primaryText: colour,
  accent: colour,
  background: colour,
  surface: colour,
  text: colour,
  mutedText: colour,
  header: colour,
  headerText: colour,
  footer: colour,
  logo: z.string().describe('image path, served through the image CDN'),
  logoAlt: z.string(),
});
export type Theme = z.infer<typeof theme>;

// The field list lives in the zod-free registration-rules.ts (the web takes it there); here for the server.
export { REGISTRATION_FIELDS };
export const registrationField = z.enum(REGISTRATION_FIELDS);
export type RegistrationField = z.infer<typeof registrationField>;

/** One field's rule (spec §5): shown when enabled; an empty non-required field passes; else regExp. */
export const fieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  regExp: z.string().optional(),
  message: z.string().describe('message key shown when the rule fails'),
});
export type FieldRule = z.infer<typeof fieldRule>;
export const registrationRules = z.partialRecord(registrationField, fieldRule);
export type RegistrationRules = z.infer<typeof registrationRules>;

export const mobileTemplate = z.object({
  mem_cen: z.string(),
  dep_func: z.string(),
  app_background: z.string(),
  app_desc: z.string(),
  app_desc_font_color: z.string(),
});
export type MobileTemplate = z.infer<typeof mobileTemplate>;

/**
 * The brand's maintenance: switched on (until switched off; endsAt only tells players when it should end),
 * or planned as a window (startsAt ≤ now < endsAt, set by the provider: issue 51).
 */
export const maintenanceSettings = z.object({
  enabled: z.boolean(),
  message: z.string().optional(),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
});
export type MaintenanceSettings = z.infer<typeof maintenanceSettings>;

export const regionRestriction = z.object({
  enabled: z.boolean(),
  /** deny: the listed countries and CIDRs are blocked; allow: only they may enter. */
  mode: z.enum(['deny', 'allow']),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)),
  cidrs: z.array(z.string()),
});
export type RegionRestriction = z.infer<typeof regionRestriction>;

/**
 * The phone-verification service (spec §7; issue 19 item 6): Firebase Authentication's phone sign-in.
 * The client sends and checks the SMS code at authUrl (the Identity Toolkit REST API) with apiKey; the
 * server accepts the ID token it yields when its audience is projectId. Absent: SMS codes are our own.
 */
export const phoneVerificationSettings = z.object({
  projectId: z.string().regex(/^[a-z0-9-]{4,40}$/),
  apiKey: z.string().min(1).max(128),
  authUrl: z.string().max(255),
});
export type PhoneVerificationSettings = z.infer<typeof phoneVerificationSettings>;

export const merchantSettings = z.object({
  promotions: z.record(z.string(), z.object({ enabled: z.boolean() })),
  downloadRequiresLogin: z.boolean(),
  appName: z.string(),
  passwordResetByPhone: z.boolean(),
  captchaEnabled: z.boolean(),
  smsExpiredMinutes: z.number().int().positive(),
  countryDialingCodes: z.array(z.string().regex(/^\+\d{1,4}$/)),
  /**
   * The minimum age (18 or 21, as the merchant's licence requires): the registration screen's age notice
   * (VALID-041) and the birth-date check (VALID-042) both use it.
   */
  ageNotice: z.number().int().min(18).max(21),
  /** The app icon uploaded by the provider (a png or jpg URL); drawn from the brand's name when absent. */
  appIcon: z.object({ url: z.string().max(200), size: z.number().int().positive() }).optional(),
  /** IANA zone the merchant's reports count days in (UTC when absent). */
  timeZone: z.string().max(64).optional(),
  /** The phone-verification service; our own SMS codes when absent. */
  phoneVerification: phoneVerificationSettings.optional(),
  /** Feedback's word bounds (spec §5, VALID-036); FEEDBACK_LIMITS' when absent. */
  feedback: z
    .object({ minWords: z.number().int().min(1).max(1000), maxWords: z.number().int().min(1).max(1000) })
    .optional(),
  /** The agency's rebate terms (issue 16); the defaults of agencyDefaults when absent. */
  agency: z
    .object({
      /** The highest rate a top agent may hold, per product group, in basis points. */
      maxRates: z.record(z.string(), z.number().int().min(0).max(9999)),
      /** How far below its agent a downline's rate must stay, in basis points. */
      minGap: z.number().int().min(0).max(1000),
      /** Rates up to this are free to give; above it an opening spends a quota. */
      freeThreshold: z.number().int().min(0).max(9999),
      /** Whether a bettor earns its own rate (player rebate) besides its uplines' differences. */
      payPlayerRebate: z.boolean(),
    })
    .optional(),
});
export type MerchantSettings = z.infer<typeof merchantSettings>;
