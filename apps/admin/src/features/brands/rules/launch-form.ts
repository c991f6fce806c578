import type { LaunchBrandRequest } from '@panalo/contract/provider';
import type {
  BRAND_LANGUAGES,
  LaunchRegistrationField,
  RegistrationChoice,
} from '@panalo/contract/provider-rules';
import {
  BRAND_CODE,
  BRAND_CURRENCIES,
  BRAND_DOMAIN,
  GAME_KEY,
  VENDOR_CODE,
} from '@panalo/contract/provider-rules';
import { PAYMONGO_WEBHOOK_SECRET, type PayMongoMethod } from '@panalo/contract/payment-rules';
import { STAFF_USERNAME } from '@panalo/contract/staff-rules';
import { contrastFailures } from '@panalo/contract/theme-contrast';
import type { ThemeColours } from '@panalo/contract/theme-vars';
import { hiddenOfShown } from './catalogue';
import { windowProblems, windowRequest, type WindowForm } from './maintenance-window';
import { COUNTRY_CODES, DEFAULT_TIME_ZONE, knownTimeZone } from './market';
import type { Modules } from './modules';
import { PALETTES } from './palettes';

// The launch form as the provider's staff fill it, step by step: each step's problems named by field
// (the form shows each next to its field and moves the focus to the first) and the request it becomes
// (where a server refusal belongs: launch-refusals.ts). Pure: launch-form.test.ts checks the request
// against the contract's own schema.

export type BrandLanguage = (typeof BRAND_LANGUAGES)[number];
export type BrandCurrency = (typeof BRAND_CURRENCIES)[number];

export interface LaunchForm {
  code: string;
  name: string;
  mainDomain: string;
  extraDomains: string[];
  currency: BrandCurrency;
  timeZone: string;
  languages: BrandLanguage[];
  defaultLanguage: BrandLanguage | null;
  minAge: 18 | 21;
  birthDateRequired: boolean;
  /** The registration form's optional fields changed on the form; the others: the template's or the platform's. */
  registration: Partial<Record<LaunchRegistrationField, RegistrationChoice>>;
  restrictedCountries: string[];
  theme: ThemeColours;
  /** null: left alone (the template's, or every module on); a record once one is changed. */
  modules: Modules | null;
  /** null: left alone (the template's vendors, or every vendor of the catalogue); codes once chosen. */
  vendors: string[] | null;
  /** null: left alone (the template's hidden games, or none); `VENDOR:gameId` keys once chosen. */
  hiddenGames: string[] | null;
  /** null: left alone (the template's games, or every game in the catalogue); a list once chosen. */
  lotteryGames: string[] | null;
  /** null: left alone (the template's deposit methods switched on, or all); the codes on once chosen. */
  depositMethods: string[] | null;
  /** null: no PayMongo account at launch. */
  payMongo: PayMongoForm | null;
  /** null: no window planned; its times are read in the brand's time zone (`timeZone`). */
  maintenanceWindow: WindowForm | null;
  /** '' for no template. */
  templateCode: string;
  ownerUsername: string;
  ownerEmail: string;
}

/** A PayMongo account in test mode, as typed (the contract's `launchPayMongo`). */
export interface PayMongoForm {
  secretKey: string;
  webhookSecret: string;
  /** '' for PayMongo's own API. */
  apiUrl: string;
  methods: PayMongoMethod[];
}

export const LAUNCH_STEPS = [
  'identity',
  'market',
  'look',
  'modules',
  'games',
  'cashier',
  'owner',
  'review',
] as const;
export type LaunchStep = (typeof LAUNCH_STEPS)[number];

/** The fields of each step, in the order the step shows them (the first with a problem takes the focus). */
export const STEP_FIELDS = {
  identity: ['code', 'name', 'mainDomain', 'extraDomains'],
  market: [
    'currency',
    'timeZone',
    'languages',
    'defaultLanguage',
    'minAge',
    'registration',
    'restrictedCountries',
  ],
  look: ['theme'],
  modules: ['modules'],
  games: ['vendors', 'hiddenGames', 'lotteryGames'],
  cashier: [
    'depositMethods',
    'payMongo.secretKey',
    'payMongo.webhookSecret',
    'payMongo.apiUrl',
    'payMongo.methods',
    'maintenanceWindow.startsAt',
    'maintenanceWindow.endsAt',
    'maintenanceWindow.message',
  ],
  owner: ['templateCode', 'ownerUsername', 'ownerEmail'],
  review: [],
} as const satisfies Record<LaunchStep, readonly string[]>;
export type LaunchField = (typeof STEP_FIELDS)[LaunchStep][number];

/** What is wrong with one field: the field, the console's text key (`launch.problem.*`) and its values. */
export interface Problem {
  field: LaunchField;
  key: string;
  values?: Record<string, number>;
}

export const newLaunchForm = (): LaunchForm => ({
  code: '',
  name: '',
  mainDomain: '',
  extraDomains: [],
  currency: BRAND_CURRENCIES[0],
  timeZone: DEFAULT_TIME_ZONE,
  languages: ['EN', 'TY'],
  defaultLanguage: 'EN',
  minAge: 18,
  birthDateRequired: true,
  registration: {},
  restrictedCountries: [],
  theme: { ...PALETTES.emerald },
  modules: null,
  vendors: null,
  hiddenGames: null,
  lotteryGames: null,
  depositMethods: null,
  payMongo: null,
  maintenanceWindow: null,
  templateCode: '',
  ownerUsername: '',
  ownerEmail: '',
});

/** A host name as the contract takes it (lower case, no scheme or port, not an IPv4 address). */
export const normalDomain = (d: string) => d.trim().toLowerCase();
const validDomain = (d: string) => BRAND_DOMAIN.test(d) && !/^\d+(\.\d+){3}$/.test(d);
const LOTTERY_GAME = /^[A-Z0-9]{2,16}$/;
const DEPOSIT_METHOD = /^[A-Z0-9_]{2,20}$/;
// The contract's `launchPayMongo`: a test key only (live keys are entered in the brand's console, later).
const PAYMONGO_TEST_KEY = /^sk_test_[A-Za-z0-9]{8,100}$/;
const validApiUrl = (u: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol) && u.length <= 200;
  } catch {
    return false;
  }
};
// The contract's `z.string().email()` is stricter; this catches what a person mistypes.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRIES = new Set(COUNTRY_CODES);

/** The problems of one step's fields ([] when the step may be left). */
export function stepProblems(form: LaunchForm, step: LaunchStep): Problem[] {
  const p: Problem[] = [];
  const add = (field: LaunchField, key: string) => p.push({ field, key: `launch.problem.${key}` });
  const pay = form.payMongo;
  const main = normalDomain(form.mainDomain);
  switch (step) {
    case 'identity':
      if (!BRAND_CODE.test(form.code.trim().toLowerCase())) add('code', 'code');
      if (form.name.trim().length < 2 || form.name.trim().length > 40) add('name', 'name');
      if (!validDomain(main)) add('mainDomain', 'domain');
      if (form.extraDomains.some((d) => !validDomain(normalDomain(d)))) add('extraDomains', 'domain');
      else if (form.extraDomains.some((d) => normalDomain(d) === main)) add('extraDomains', 'domainTwice');
      else if (form.extraDomains.length > 10) add('extraDomains', 'tooManyDomains');
      break;
    case 'market':
      if (!knownTimeZone(form.timeZone)) add('timeZone', 'timeZone');
      if (form.languages.length === 0) add('languages', 'languages');
      if (!form.defaultLanguage || !form.languages.includes(form.defaultLanguage))
        add('defaultLanguage', 'defaultLanguage');
      if (form.restrictedCountries.some((c) => !COUNTRIES.has(c))) add('restrictedCountries', 'country');
      break;
    case 'look':
      if (contrastFailures(form.theme).length > 0) add('theme', 'contrast');
      break;
    case 'modules':
      break;
    case 'games':
      if (form.vendors?.some((v) => !VENDOR_CODE.test(v))) add('vendors', 'vendor');
      else if ((form.vendors?.length ?? 0) > 100) add('vendors', 'tooManyVendors');
      if (form.hiddenGames?.some((g) => !GAME_KEY.test(g))) add('hiddenGames', 'game');
      else if ((form.hiddenGames?.length ?? 0) > 5000) add('hiddenGames', 'tooManyHidden');
      if (form.lotteryGames?.some((g) => !LOTTERY_GAME.test(g))) add('lotteryGames', 'lotteryGame');
      else if ((form.lotteryGames?.length ?? 0) > 30) add('lotteryGames', 'tooManyGames');
      break;
    case 'cashier':
      if (form.depositMethods?.some((m) => !DEPOSIT_METHOD.test(m))) add('depositMethods', 'depositMethod');
      else if ((form.depositMethods?.length ?? 0) > 30) add('depositMethods', 'tooManyMethods');
      if (pay) {
        const key = pay.secretKey.trim();
        if (key.startsWith('sk_live_')) add('payMongo.secretKey', 'payMongoLiveKey');
        else if (!PAYMONGO_TEST_KEY.test(key)) add('payMongo.secretKey', 'payMongoKey');
        if (!PAYMONGO_WEBHOOK_SECRET.test(pay.webhookSecret.trim()))
          add('payMongo.webhookSecret', 'payMongoWebhook');
        if (pay.apiUrl.trim() && !validApiUrl(pay.apiUrl.trim())) add('payMongo.apiUrl', 'apiUrl');
        if (pay.methods.length === 0) add('payMongo.methods', 'payMongoMethods');
      }
      if (form.maintenanceWindow)
        for (const w of windowProblems(form.maintenanceWindow, form.timeZone.trim()))
          p.push({ ...w, field: `maintenanceWindow.${w.field}` });
      break;
    case 'owner':
      if (!STAFF_USERNAME.test(form.ownerUsername.trim())) add('ownerUsername', 'username');
      if (
        form.ownerEmail.trim() &&
        (!EMAIL.test(form.ownerEmail.trim()) || form.ownerEmail.trim().length > 120)
      )
        add('ownerEmail', 'email');
      break;
    case 'review':
      break;
  }
  return p;
}

/** The first step with a problem, and its problems; null when the whole form may be sent. */
export function firstProblems(form: LaunchForm): { step: number; problems: Problem[] } | null {
  for (const [i, step] of LAUNCH_STEPS.entries()) {
    const problems = stepProblems(form, step);
    if (problems.length > 0) return { step: i, problems };
  }
  return null;
}

/** The step that shows a field. */
export const stepOf = (field: LaunchField): number =>
  LAUNCH_STEPS.findIndex((s) => (STEP_FIELDS[s] as readonly string[]).includes(field));

const payMongoRequest = (p: PayMongoForm) => ({
  secretKey: p.secretKey.trim(),
  webhookSecret: p.webhookSecret.trim(),
  ...(p.apiUrl.trim() ? { apiUrl: p.apiUrl.trim() } : {}),
  methods: p.methods,
});

/**
 * The request the form becomes: text trimmed, domains in lower case, and what was left alone (modules,
 * vendors, hidden games, lottery games, deposit methods, an e-mail) left out, for the server to take from
 * the template or its defaults; the maintenance window's times with the brand's zone's offset.
 */
export function launchRequest(form: LaunchForm): LaunchBrandRequest {
  const email = form.ownerEmail.trim();
  return {
    code: form.code.trim().toLowerCase(),
    name: form.name.trim(),
    mainDomain: normalDomain(form.mainDomain),
    extraDomains: form.extraDomains.map(normalDomain),
    currency: form.currency,
    timeZone: form.timeZone.trim(),
    defaultLanguage: form.defaultLanguage ?? form.languages[0] ?? 'EN',
    languages: form.languages,
    minAge: form.minAge,
    birthDateRequired: form.birthDateRequired,
    registration: form.registration,
    restrictedCountries: form.restrictedCountries,
    theme: { ...form.theme },
    ...(form.modules ? { modules: form.modules } : {}),
    ...(form.vendors ? { vendors: form.vendors } : {}),
    // A game of a vendor not shown is hidden with its vendor: only the shown vendors' are sent.
    ...(form.hiddenGames
      ? { hiddenGames: form.vendors ? hiddenOfShown(form.hiddenGames, form.vendors) : form.hiddenGames }
      : {}),
    ...(form.lotteryGames ? { lotteryGames: form.lotteryGames } : {}),
    ...(form.depositMethods ? { depositMethods: form.depositMethods } : {}),
    ...(form.payMongo ? { payMongo: payMongoRequest(form.payMongo) } : {}),
    ...(form.maintenanceWindow
      ? { maintenanceWindow: windowRequest(form.maintenanceWindow, form.timeZone.trim()) }
      : {}),
    ...(form.templateCode ? { templateCode: form.templateCode } : {}),
    owner: { username: form.ownerUsername.trim(), ...(email ? { email } : {}) },
  };
}
