import { z } from 'zod';
import { ok } from './common';
import { mobileTemplate, registrationRules, theme, whitelabel } from './merchant';

export const customerServiceType = z.enum(['CS', 'TELEGRAM', 'FACEBOOK']);
export type CustomerServiceType = z.infer<typeof customerServiceType>;
export const customerServiceEntry = z.object({ title: z.string(), url: z.string() });
export type CustomerServiceEntry = z.infer<typeof customerServiceEntry>;
export const customerService = z.object({
  CS: z.array(customerServiceEntry),
  TELEGRAM: z.array(customerServiceEntry),
  FACEBOOK: z.array(customerServiceEntry),
});
export type CustomerService = z.infer<typeof customerService>;

export const resourceType = z.enum(['IOS', 'Android', 'MOBILECONFIG', 'AppDownloadIcon']);
export type ResourceType = z.infer<typeof resourceType>;
export const downloadLink = z.object({ resourceType, url: z.string() });
export type DownloadLink = z.infer<typeof downloadLink>;

export const location = z.object({ ip: z.string(), country: z.string().nullable() });

/**
 * One of the site's languages with what the client shows of it, from the locale registry (locales.ts):
 * the member site carries its two or three, not the registry's thirty-one.
 */
export const siteLanguage = z.object({
  code: z.string(),
  /** BCP 47 tag for <html lang> and Intl. */
  tag: z.string(),
  /** The language's own name (EN 'English', TY 'Filipino'). */
  name: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  /** ISO 3166 country whose flag stands for the language in the switcher. */
  flag: z.string(),
});
export type SiteLanguage = z.infer<typeof siteLanguage>;

export const site = z.object({
  platform: z.literal('mobile'),
  merchantCode: z.string(),
  trialMerchantCode: z.string().nullable(),
  name: z.string(),
  currency: z.string(),
  theme,
  defaultLanguage: z.string(),
  /** In the merchant's order; a code the registry does not know is left out. */
  languages: z.array(siteLanguage),
  downloadRequiresLogin: z.boolean(),
  appName: z.string(),
  promotions: z.record(z.string(), z.object({ enabled: z.boolean() })),
  /** Social login providers the merchant configured (the buttons also need FACEBOOKLOGIN3 / GOOGLELOGIN3). */
  socialLogin: z.object({ facebook: z.boolean(), google: z.boolean() }),
});
export type Site = z.infer<typeof site>;

export const registerInfo = z.object({
  rules: registrationRules,
  captchaEnabled: z.boolean(),
  passwordResetByPhone: z.boolean(),
  smsExpiredMinutes: z.number(),
  countryDialingCodes: z.array(z.string()),
  ageNotice: z.number(),
  /** The phone-verification service the SMS code goes through (AUTH-015), or null: our own codes. */
  phoneVerification: z.object({ authUrl: z.string(), apiKey: z.string() }).nullable(),
});

/** The config bundle fetched at startup (spec §3): maintenance, regionRestriction, info, location. */
export const startupBundle = z.object({
  maintenance: z.object({ message: z.string().nullable(), endsAt: z.string().nullable() }).nullable(),
  regionRestriction: z.object({ country: z.string().nullable(), ip: z.string() }).nullable(),
  info: z.object({
    customerService,
    imageCDNs: z.array(z.string()),
    domainRoute: z.array(z.string()),
    mobileTemplate,
    paths: z.object({ customerService: z.string().nullable(), help: z.string(), agreement: z.string() }),
    register: registerInfo,
    resources: z.array(downloadLink),
    whitelabel,
    mainDomain: z.string(),
  }),
  location,
  site,
});
export type StartupBundle = z.infer<typeof startupBundle>;
export const startupResponse = ok(startupBundle);

export const startupQuery = z.object({
  lang: z
    .string()
    .regex(/^[A-Za-z_]{2,8}$/)
    .optional(),
});
export type StartupResponse = z.infer<typeof startupResponse>;
