const pad = (n: number) => String(n).padStart(2, '0');

/** Match time as MM/DD HH:mm in the viewer's time zone (spec §9). */
export function formatMatchTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--/-- --:--';
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A money amount from the wire (decimal string) shown with exactly 2 decimals and grouping, without
 * ever going through a float (spec §9: balance display 2 decimals).
 */
export function formatMoney(decimal: string): string {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return '0.00';
  const [, sign = '', int = '0', frac = ''] = m;
  const cents = `${frac}00`.slice(0, 2);
  const grouped = int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${cents}`;
}

const SYMBOLS: Record<string, string> = { PHP: '₱' };

/** A signed amount with the currency's symbol (or its code): -₱1,234.50. */
export function formatCurrency(decimal: string, currency: string): string {
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  const v = decimal.trim();
  return v.startsWith('-') ? `-${symbol}${formatMoney(v.slice(1))}` : `${symbol}${formatMoney(v)}`;
}

/** An instant as the member reads it, a date and time in their language (TY in Filipino). */
export function formatDateTime(at: Date | string, language: string): string | null {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return null;
  const locale = language === 'TY' ? 'fil-PH' : 'en-PH';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}
