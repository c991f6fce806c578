import type { KycSettings } from '@panalo/contract/kyc';
import { KYC_ID_TYPES, KYC_LEVELS, type KycIdType } from '@panalo/contract/kyc-rules';
import { formatAmount, parseAmount } from '@panalo/contract/money';

// The verification settings' form: what the staff member types (text), checked as the server checks it
// (the contract's kycSettings and the service's "daily ≤ monthly"), and the body sent. Amounts stay
// decimal strings and minor units (bigint): never a float.

export { KYC_ID_TYPES, KYC_LEVELS };

export const CEILINGS = ['depositDay', 'depositMonth', 'withdrawDay', 'withdrawMonth'] as const;
export type Ceiling = (typeof CEILINGS)[number];
/** The pairs checked: a daily ceiling at most its monthly one. */
const PAIRS = [
  ['depositDay', 'depositMonth'],
  ['withdrawDay', 'withdrawMonth'],
] as const;

export const MIN_AGE = { min: 18, max: 25 } as const;
export const CHECKER_LEVELS = [2, 3, 4] as const;
export const ADDRESS_MONTHS = { min: 1, max: 36 } as const;
export const METHOD_MAX = 40;
export const METHODS_MAX = 50;

export interface LevelDraft {
  /** '' is no ceiling. */
  depositDay: string;
  depositMonth: string;
  withdrawDay: string;
  withdrawMonth: string;
  /** Method codes; none is every method. */
  methods: string[];
  transfers: boolean;
}

export interface AboveDraft {
  on: boolean;
  amount: string;
  level: string;
}

export interface SettingsDraft {
  enabled: boolean;
  levels: LevelDraft[];
  firstWithdrawalLevel: string;
  depositsAbove: AboveDraft;
  withdrawalAbove: AboveDraft;
  idTypes: KycIdType[];
  minAge: number | string;
  checkerFromLevel: string;
  addressValidMonths: number | string;
}

/** The server's settings as the form shows them. */
export function toDraft(s: KycSettings): SettingsDraft {
  const above = (a: KycSettings['depositsAbove'], fallbackLevel: number): AboveDraft =>
    a
      ? { on: true, amount: a.amount, level: String(a.level) }
      : { on: false, amount: '', level: String(fallbackLevel) };
  return {
    enabled: s.enabled,
    levels: s.levels.map((l) => ({
      depositDay: l.depositDay ?? '',
      depositMonth: l.depositMonth ?? '',
      withdrawDay: l.withdrawDay ?? '',
      withdrawMonth: l.withdrawMonth ?? '',
      methods: l.methods ?? [],
      transfers: l.transfers,
    })),
    firstWithdrawalLevel: String(s.firstWithdrawalLevel),
    depositsAbove: above(s.depositsAbove, 2),
    withdrawalAbove: above(s.withdrawalAbove, 3),
    idTypes: [...s.idTypes],
    minAge: s.minAge,
    checkerFromLevel: String(s.checkerFromLevel),
    addressValidMonths: s.addressValidMonths,
  };
}

/**
 * What is wrong with a field, by its path ('levels.2.depositDay', 'depositsAbove.amount', 'idTypes'):
 * `amount` not a plain amount (up to two decimals), `dayAboveMonth` a daily ceiling above its monthly
 * one, `required` an amount left empty where one is needed, `methods` a method code too long or too
 * many, `none` no ID type, `range` a number outside its bounds, `level` not a level.
 */
export type SettingsProblem =
  'amount' | 'dayAboveMonth' | 'required' | 'methods' | 'none' | 'range' | 'level';
export type SettingsProblems = Record<string, SettingsProblem>;

/**
 * An amount typed by staff as the wire's decimal string ('1500' → '1500.00', '20,000' → '20000.00':
 * commas only as thousands); null when it is not an amount.
 */
export function normalAmount(text: string): string | null {
  const v = text.trim();
  const plain = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(v) ? v.replace(/,/g, '') : v;
  const minor = parseAmount(plain);
  return minor === null ? null : formatAmount(minor);
}

/** Method codes from the form: trimmed, without blanks or repeats. */
export const cleanMethods = (methods: readonly string[]): string[] => [
  ...new Set(methods.map((m) => m.trim()).filter((m) => m !== '')),
];

const asInt = (v: number | string): number | null => {
  const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : null;
};
const asLevel = (v: string, levels: readonly number[]): number | null => {
  const n = asInt(v);
  return n !== null && levels.includes(n) ? n : null;
};

/**
 * The form as the PUT's body, or what is wrong with it (every problem at once, by field). The server
 * checks the same (400 validation_failed, kyc_settings_invalid): this says it before asking.
 */
export function fromDraft(
  d: SettingsDraft,
): { ok: true; settings: KycSettings } | { ok: false; problems: SettingsProblems } {
  const problems: SettingsProblems = {};
  const levels = d.levels.map((l, i) => {
    const out: Record<Ceiling, string | null> = {
      depositDay: null,
      depositMonth: null,
      withdrawDay: null,
      withdrawMonth: null,
    };
    for (const c of CEILINGS) {
      const text = l[c].trim();
      if (text === '') continue;
      const amount = normalAmount(text);
      if (amount === null) problems[`levels.${i}.${c}`] = 'amount';
      else out[c] = amount;
    }
    for (const [day, month] of PAIRS) {
      const lo = out[day];
      const hi = out[month];
      if (lo !== null && hi !== null && parseAmount(lo)! > parseAmount(hi)!)
        problems[`levels.${i}.${day}`] = 'dayAboveMonth';
    }
    const methods = cleanMethods(l.methods);
    if (methods.length > METHODS_MAX || methods.some((m) => m.length > METHOD_MAX))
      problems[`levels.${i}.methods`] = 'methods';
    return { ...out, methods: methods.length === 0 ? null : methods, transfers: l.transfers };
  });
  const levelOf = (path: string, v: string, allowed: readonly number[]) => {
    const n = asLevel(v, allowed);
    if (n === null) problems[path] = 'level';
    return n ?? 0;
  };
  const above = (path: string, a: AboveDraft) => {
    if (!a.on) return null;
    const level = levelOf(`${path}.level`, a.level, KYC_LEVELS);
    const amount = a.amount.trim() === '' ? null : normalAmount(a.amount);
    if (amount === null) problems[`${path}.amount`] = a.amount.trim() === '' ? 'required' : 'amount';
    return { amount: amount ?? '0.00', level };
  };
  const ranged = (path: string, v: number | string, min: number, max: number) => {
    const n = asInt(v);
    if (n === null || n < min || n > max) problems[path] = 'range';
    return n ?? min;
  };
  const settings: KycSettings = {
    enabled: d.enabled,
    levels,
    firstWithdrawalLevel: levelOf('firstWithdrawalLevel', d.firstWithdrawalLevel, KYC_LEVELS),
    depositsAbove: above('depositsAbove', d.depositsAbove),
    withdrawalAbove: above('withdrawalAbove', d.withdrawalAbove),
    idTypes: KYC_ID_TYPES.filter((t) => d.idTypes.includes(t)),
    minAge: ranged('minAge', d.minAge, MIN_AGE.min, MIN_AGE.max),
    checkerFromLevel: levelOf('checkerFromLevel', d.checkerFromLevel, CHECKER_LEVELS),
    addressValidMonths: ranged(
      'addressValidMonths',
      d.addressValidMonths,
      ADDRESS_MONTHS.min,
      ADDRESS_MONTHS.max,
    ),
  };
  if (settings.idTypes.length === 0) problems.idTypes = 'none';
  return Object.keys(problems).length === 0 ? { ok: true, settings } : { ok: false, problems };
}
