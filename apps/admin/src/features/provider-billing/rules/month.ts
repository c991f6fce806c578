import { INVOICE_MONTH } from '@panalo/contract/provider-rules';

// Invoice months (YYYY-MM): the browser's month picks one; the server bills each brand's month in its
// own time zone.

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's month at `now` (its own calendar, not UTC's). */
export const monthOf = (now: Date): string => `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;

/** The browser's day at `now` (YYYY-MM-DD): which version of the terms is in force. */
export const dayOf = (now: Date): string => `${monthOf(now)}-${pad(now.getDate())}`;

/** An invoice month as the contract writes it (`INVOICE_MONTH`). */
export const isInvoiceMonth = (month: string): boolean => INVOICE_MONTH.test(month);

/** The month `n` months after `month` (before, when negative). */
export function shiftMonth(month: string, n: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad((index % 12) + 1)}`;
}

/** The invoices shown without a month in the address: last month's (the last one complete). */
export const defaultInvoiceMonth = (now: Date): string => shiftMonth(monthOf(now), -1);

/** The month the address asks for, or the default one when it asks for none or for no month. */
export const invoiceMonthOf = (asked: string, now: Date): string =>
  isInvoiceMonth(asked) ? asked : defaultInvoiceMonth(now);

/** The months offered: this month and the `count - 1` before it, newest first. */
export const monthChoices = (now: Date, count = 24): string[] =>
  Array.from({ length: count }, (_, i) => shiftMonth(monthOf(now), -i));

/** A month as people read it: 'October 2026' ('Oktubre 2026' in Tagalog). */
export const monthLabel = (month: string, language: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(language === 'ty' ? 'fil-PH' : 'en-PH', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The number of days of a month (28–31). */
export const daysInMonth = (month: string): number => {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** The first day of the month after `now`'s: where a new version of the terms starts by default. */
export const firstOfNextMonth = (now: Date): string => `${shiftMonth(monthOf(now), 1)}-01`;

/** The first day of `now`'s month: a version of the terms may not start before it (`terms_in_past`). */
export const firstOfThisMonth = (now: Date): string => `${monthOf(now)}-01`;
