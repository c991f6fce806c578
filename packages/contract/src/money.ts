// Zod-free money helpers, shared by server and web: integer minor units (bigint) inside, decimal strings
// on the wire, never a JavaScript float.

/** Minor-unit digits of the currencies we serve (PHP and the like). */
export const MINOR_DIGITS = 2;
/** The largest amount accepted on the wire: 9,999,999,999,999.99 (well inside bigint and NUMERIC). */
export const MAX_AMOUNT_MINOR = 999_999_999_999_999n;

/** What the API takes as an amount: up to 13 whole digits and two decimals, no sign, no exponent. */
export const AMOUNT_TEXT = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/**
 * A decimal string from a client as minor units; null for anything that is not a plain non-negative
 * amount with at most two decimals ('1e3', ' 5', '-1', '0x10', '1.005', '' are all refused).
 */
export function parseAmount(text: string): bigint | null {
  const m = AMOUNT_TEXT.exec(text);
  if (!m) return null;
  const whole = BigInt(m[1] ?? '0');
  const frac = BigInt((m[2] ?? '').padEnd(MINOR_DIGITS, '0'));
  const minor = whole * 100n + frac;
  return minor <= MAX_AMOUNT_MINOR ? minor : null;
}

/** Minor units as the wire's decimal string, e.g. 12345n → '123.45', -5n → '-0.05'. */
export function formatAmount(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(MINOR_DIGITS, '0');
  return `${sign}${whole.toString()}.${frac}`;
}

// How people read an amount: its own module, so that a first page that shows a balance carries only this.
export { displayAmount, displayCurrency } from './money-display';

/**
 * A rate in basis points as the number of a percentage, the one way every screen and served text writes
 * it: 300 → '3', 250 → '2.5', 1005 → '10.05' (the % sign is the caller's: texts place it).
 */
export function displayPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = bp % 100;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/** A wagering multiple in tenths as people read it: 30 → '3', 15 → '1.5' (the × is the caller's). */
export const displayMultiple = (tenths: number): string =>
  tenths % 10 === 0 ? String(tenths / 10) : `${Math.trunc(tenths / 10)}.${tenths % 10}`;

/** A multiple as the wire writes it ('3.0', '1.5', '10') in tenths; NaN for anything else. */
export function multipleTenths(decimal: string): number {
  const m = /^(\d{1,6})(?:\.(\d))?$/.exec(decimal.trim());
  return m ? Number(m[1]) * 10 + Number(m[2] ?? '0') : Number.NaN;
}
