import { displayCurrency, formatAmount } from '@panalo/contract/money';

/** The locale a site language reads dates and numbers in (TY in Filipino, as `lib/format`). */
const localeOf = (language: string) => (language.toUpperCase() === 'TY' ? 'fil-PH' : 'en-PH');

/**
 * A calendar day (YYYY-MM-DD, the merchant's closing day) as the member reads it: 'November 28, 2026',
 * 'Nobyembre 28, 2026'. Formatted in UTC so the viewer's time zone cannot move it a day; anything that
 * is not a day is shown as it came.
 */
export function formatDay(day: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

/** Minor units (a proof's balance or total) with the currency's symbol: 12345n, 'PHP' → '₱123.45'. */
export const formatMinor = (minor: bigint, currency: string): string =>
  displayCurrency(formatAmount(minor), currency);

/** A whole count (the number of members) grouped as the member reads numbers: 12,345. */
export const formatCount = (n: number, language: string): string =>
  new Intl.NumberFormat(localeOf(language)).format(n);

/** The name a downloaded proof is saved under: one file per day. */
export const proofFileName = (day: string): string =>
  `liability-proof-${/^[\d-]{1,10}$/.test(day) ? day : 'latest'}.json`;

/** A proof as the downloaded file holds it: the proof itself, which `npm run verify:liabilities` reads. */
export const proofFileText = (proof: unknown): string => `${JSON.stringify(proof, null, 2)}\n`;
