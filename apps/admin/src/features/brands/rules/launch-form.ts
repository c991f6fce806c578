import type { LaunchBrandRequest } from '@panalo/contract/provider';
import type { BRAND_LANGUAGES } from '@panalo/contract/provider-rules';
import { BRAND_CODE, BRAND_CURRENCIES, BRAND_DOMAIN } from '@panalo/contract/provider-rules';
import { STAFF_USERNAME } from '@panalo/contract/staff-rules';
import { contrastFailures } from '@panalo/contract/theme-contrast';
import type { ThemeColours } from '@panalo/contract/theme-vars';
import { COUNTRY_CODES, DEFAULT_TIME_ZONE, knownTimeZone } from './market';
import type { Modules } from './modules';
import { PALETTES } from './palettes';

// The launch form as the provider's staff fill it, step by step: each step's problems named by field
// (the form shows each next to its field and moves the focus to the first), the request it becomes, and
// where a server refusal belongs. Pure: launch-form.test.ts checks the request against the contract's
// own schema.

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
  restrictedCountries: string[];
  theme: ThemeColours;
  /** null: left alone (the template's, or every module on); a record once one is changed. */
  modules: Modules | null;
  /** null: left alone (the template's games, or every game in the catalogue); a list once chosen. */
  lotteryGames: string[] | null;
  /** '' for no template. */
  templateCode: string;
  ownerUsername: string;
  ownerEmail: string;
}

export const LAUNCH_STEPS = ['identity', 'market', 'look', 'modules', 'owner', 'review'] as const;
export type LaunchStep = (typeof LAUNCH_STEPS)[number];

/** The fields of each step, in the order the step shows them (the first with a problem takes the focus). */
export const STEP_FIELDS = {
  identity: ['code', 'name', 'mainDomain', 'extraDomains'],
  market: ['currency', 'timeZone', 'languages', 'defaultLanguage', 'minAge', 'restrictedCountries'],
  look: ['theme'],
  modules: ['modules', 'lotteryGames'],
  owner: ['templateCode', 'ownerUsername', 'ownerEmail'],
  review: [],
} as const satisfies Record<LaunchStep, readonly string[]>;
export type LaunchField = (typeof STEP_FIELDS)[LaunchStep][number];

/** What is wrong with one field: the field and the console's text key (`launch.problem.*`). */
export interface Problem {
  field: LaunchField;
  key: string;
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
  restrictedCountries: [],
  theme: { ...PALETTES.emerald },
  modules: null,
  lotteryGames: null,
  templateCode: '',
  ownerUsername: '',
  ownerEmail: '',
});

/** A host name as the contract takes it (lower case, no scheme or port, not an IPv4 address). */
export const normalDomain = (d: string) => d.trim().toLowerCase();
const validDomain = (d: string) => BRAND_DOMAIN.test(d) && !/^\d+(\.\d+){3}$/.test(d);
const LOTTERY_GAME = /^[A-Z0-9]{2,16}$/;
// The contract's `z.string().email()` is stricter; this catches what a person mistypes.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRIES = new Set(COUNTRY_CODES);

/** The problems of one step's fields ([] when the step may be left). */
export function stepProblems(form: LaunchForm, step: LaunchStep): Problem[] {
  const p: Problem[] = [];
  const add = (field: LaunchField, key: string) => p.push({ field, key: `launch.problem.${key}` });
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
      if (form.lotteryGames?.some((g) => !LOTTERY_GAME.test(g))) add('lotteryGames', 'lotteryGame');
      else if ((form.lotteryGames?.length ?? 0) > 30) add('lotteryGames', 'tooManyGames');
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

/**
 * The request the form becomes: text trimmed, domains in lower case, and what was left alone (modules,
 * lottery games, an e-mail) left out, for the server to take from the template or its defaults.
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
    restrictedCountries: form.restrictedCountries,
    theme: { ...form.theme },
    ...(form.modules ? { modules: form.modules } : {}),
    ...(form.lotteryGames ? { lotteryGames: form.lotteryGames } : {}),
    ...(form.templateCode ? { templateCode: form.templateCode } : {}),
    owner: { username: form.ownerUsername.trim(), ...(email ? { email } : {}) },
  };
}

const FIELD_OF_PATH: Record<string, LaunchField> = {
  code: 'code',
  name: 'name',
  mainDomain: 'mainDomain',
  extraDomains: 'extraDomains',
  currency: 'currency',
  timeZone: 'timeZone',
  languages: 'languages',
  defaultLanguage: 'defaultLanguage',
  minAge: 'minAge',
  restrictedCountries: 'restrictedCountries',
  theme: 'theme',
  modules: 'modules',
  lotteryGames: 'lotteryGames',
  templateCode: 'templateCode',
  'owner.username': 'ownerUsername',
  'owner.email': 'ownerEmail',
  owner: 'ownerUsername',
};

/**
 * The field a refusal of `POST /provider/brands` is about, or null for one shown at the top: the code or
 * a domain taken, the colours, the template, or the field a `validation_failed` names (`field`, as
 * `owner.username`, `/owner/username` or `extraDomains.2`).
 */
export function refusalField(
  code: string,
  value: Record<string, unknown> | undefined,
  form: LaunchForm,
): LaunchField | null {
  switch (code) {
    case 'brand_code_taken':
      return 'code';
    case 'domain_taken': {
      const domain = typeof value?.domain === 'string' ? value.domain : null;
      return domain && domain !== normalDomain(form.mainDomain) ? 'extraDomains' : 'mainDomain';
    }
    case 'theme_contrast':
      return 'theme';
    case 'template_unknown':
      return 'templateCode';
    case 'staff_username_invalid':
    case 'staff_username_taken':
      return 'ownerUsername';
    default: {
      if (typeof value?.field !== 'string') return null;
      const parts = value.field.split(/[./]/).filter((s) => s && !/^\d+$/.test(s) && s !== 'body');
      return FIELD_OF_PATH[parts.slice(0, 2).join('.')] ?? FIELD_OF_PATH[parts[0] ?? ''] ?? null;
    }
  }
}

/** The colour pairs a `theme_contrast` refusal names (its `pairs`, or `failures` as the site's theme sends). */
export function refusedPairs(value: Record<string, unknown> | undefined): string[] {
  const list = Array.isArray(value?.pairs)
    ? value.pairs
    : Array.isArray(value?.failures)
      ? value.failures
      : [];
  return list
    .map((p: unknown) =>
      typeof p === 'string' ? p : p && typeof p === 'object' && 'name' in p ? String(p.name) : null,
    )
    .filter((p): p is string => p !== null);
}
