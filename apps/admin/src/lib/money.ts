/** A decimal amount string from the API, shown with thousands separators (never through a float). */
export function formatAmount(amount: string, currency?: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0')}`;
  return currency ? `${text} ${currency}` : text;
}

export const formatTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(language === 'ty' ? 'fil-PH' : 'en-PH', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** What the API takes as an amount (pesos, up to two decimals, no sign) and as a rate (a percent). */
export const AMOUNT_TEXT = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;
export const RATE_TEXT = /^\d{1,2}(\.\d{1,2})?$/;
