import { formatMoney } from './format';

export type Sign = 'positive' | 'negative' | 'zero';

/** The sign of a decimal string from the wire, read from its text (never through a float). */
export function signOf(decimal: string): Sign {
  const m = /^\s*(-)?0*(\d*)(?:\.(\d*))?\s*$/.exec(decimal);
  if (!m) return 'zero';
  const nonZero = /[1-9]/.test(`${m[2] ?? ''}${m[3] ?? ''}`);
  if (!nonZero) return 'zero';
  return m[1] ? 'negative' : 'positive';
}

/** A signed amount with 2 decimals and an explicit '+' for money in: '+1,234.50', '-5.00', '0.00'. */
export function formatSigned(decimal: string): string {
  const text = formatMoney(decimal);
  switch (signOf(decimal)) {
    case 'positive':
      return `+${text}`;
    case 'negative':
      return text;
    case 'zero':
      return formatMoney('0');
  }
}
