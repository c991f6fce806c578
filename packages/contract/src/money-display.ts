// Zod-free: a wire decimal as people read it, shared by the server, the member site and the console
// (re-exported by money.ts; the member site's header imports it alone, to keep its first page small).

/**
 * A wire decimal as people read it: grouped thousands and exactly two decimals ('5000000' →
 * '5,000,000.00', '-1234.5' → '-1,234.50'), never through a float; anything else reads '0.00'.
 */
export function displayAmount(decimal: string): string {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return '0.00';
  const [, sign = '', int = '0', frac = ''] = m;
  const cents = `${frac}00`.slice(0, 2);
  const grouped = int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${cents}`;
}

const SYMBOLS: Record<string, string> = { PHP: '₱' };

/** A signed amount with its currency's symbol (or code): '-₱1,234.50', 'USD 5.00'. */
export function displayCurrency(decimal: string, currency: string): string {
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  const v = decimal.trim();
  return v.startsWith('-') ? `-${symbol}${displayAmount(v.slice(1))}` : `${symbol}${displayAmount(v)}`;
}
