import { formatAmount, parseAmount } from '@panalo/contract/money';
import { depositBonus } from '@panalo/contract/promotion-rules';

// Amount rules of the cashier forms, in bigint minor units (never a float): the same parse the server
// applies (contract money.ts, zod-free), so the form refuses exactly what the API would.

/** Why an amount is refused: a catalogue key under cashier.amount and its parameters. */
export type AmountProblem =
  | { key: 'required' }
  | { key: 'format' }
  | { key: 'min'; min: string }
  | { key: 'max'; max: string }
  | { key: 'balance'; balance: string };

export interface AmountLimits {
  /** Decimal strings from the API. */
  min: string;
  max: string;
  /** The spendable balance (withdrawal); absent for deposits. */
  balance?: string;
}

/** Minor units of a decimal string from the API; a negative or malformed one counts as 0. */
export function toMinor(decimal: string): bigint {
  return parseAmount(decimal) ?? 0n;
}

/** The amount typed in, as minor units, or the reason it cannot be sent. */
export function checkAmount(
  text: string,
  limits: AmountLimits,
): { ok: true; minor: bigint } | { ok: false; problem: AmountProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: { key: 'required' } };
  const minor = parseAmount(trimmed);
  if (minor === null || minor === 0n) return { ok: false, problem: { key: 'format' } };
  const min = toMinor(limits.min);
  const max = toMinor(limits.max);
  if (minor < min) return { ok: false, problem: { key: 'min', min: limits.min } };
  if (minor > max) return { ok: false, problem: { key: 'max', max: limits.max } };
  if (limits.balance !== undefined && minor > toMinor(limits.balance))
    return { ok: false, problem: { key: 'balance', balance: limits.balance } };
  return { ok: true, minor };
}

const QUICK = [100n, 200n, 500n, 1_000n, 2_000n, 5_000n, 10_000n, 20_000n, 50_000n];

/** Quick-amount chips (whole currency units) that fall within the method's min and max, at most six. */
export function quickAmounts(min: string, max: string): string[] {
  const lo = toMinor(min);
  const hi = toMinor(max);
  return QUICK.map((whole) => whole * 100n)
    .filter((minor) => minor >= lo && minor <= hi)
    .slice(0, 6)
    .map((minor) => formatAmount(minor));
}

/** The "All" amount of a withdrawal: the whole balance, capped at the maximum. */
export function allAmount(balance: string, max: string): string {
  const b = toMinor(balance);
  const m = toMinor(max);
  return formatAmount(b < m ? b : m);
}

export interface PromotionTerms {
  percentBp: number;
  maxBonus: string;
  minDeposit: string;
  wageringMultiplierTenths: number;
  /** A tier table instead of the percent (decimal strings). */
  tiers?: readonly { from: string; amount: string }[] | null;
}

export interface BonusPreview {
  /** Whether this deposit qualifies (at least the promotion's minimum). */
  eligible: boolean;
  bonus: string;
  /** Turnover needed before a withdrawal: (deposit + bonus) × multiplier. */
  turnover: string;
}

/**
 * What the promotion gives on `depositMinor`: percentBp basis points, rounded down to the minor unit,
 * capped at maxBonus (the server's rule; the preview only tells the member what to expect).
 */
export function bonusPreview(depositMinor: bigint, promo: PromotionTerms): BonusPreview {
  const eligible = depositMinor > 0n && depositMinor >= toMinor(promo.minDeposit);
  if (!eligible) return { eligible, bonus: '0.00', turnover: '0.00' };
  const bonus = depositBonus(depositMinor, {
    percentBp: promo.percentBp,
    max: toMinor(promo.maxBonus),
    minDeposit: toMinor(promo.minDeposit),
    tiers: promo.tiers?.map((x) => ({ from: toMinor(x.from), amount: toMinor(x.amount) })) ?? null,
  });
  const turnover = ((depositMinor + bonus) * BigInt(promo.wageringMultiplierTenths)) / 10n;
  return { eligible, bonus: formatAmount(bonus), turnover: formatAmount(turnover) };
}

/** The promotion's percentage and wagering multiple for display: the contract's one way (money.ts). */
export { displayPercent as percentText, displayMultiple as multipleText } from '@panalo/contract/money';

/** A card number as typed (spaces and dashes allowed) reduced to digits; valid when 10–19 digits. */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}
export const isCardNumber = (digits: string) => /^\d{10,19}$/.test(digits);
export const isPaymentPassword = (text: string) => /^\d{6}$/.test(text);
