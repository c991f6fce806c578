import { displayAmount, displayCurrency } from '@panalo/contract/money';

const pad = (n: number) => String(n).padStart(2, '0');

/** Match time as MM/DD HH:mm in the viewer's time zone (spec §9). */
export function formatMatchTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--/-- --:--';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A money amount from the wire (decimal string) shown with exactly 2 decimals and grouping, without
 * ever going through a float (spec §9: balance display 2 decimals). One formatter for server and site.
 */
export const formatMoney = displayAmount;

/** A signed amount with the currency's symbol (or its code): -₱1,234.50. */
export const formatCurrency = displayCurrency;

/** An instant as the member reads it, a date and time in their language (TY in Filipino). */
export function formatDateTime(at: Date | string, language: string): string | null {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return null;
  const locale = language === 'TY' ? 'fil-PH' : 'en-PH';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}
