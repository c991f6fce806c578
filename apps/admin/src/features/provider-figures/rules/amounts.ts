// Money as integer cents inside, decimal strings at the edge (the wire's '1234.50', '-12.00'): a total
// of figures is added up in cents, never through a float, and shown with the contract's displayAmount.

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** A wire decimal as integer cents ('-12.5' → -1250n); 0n for anything that is not one. */
export function toCents(decimal: string): bigint {
  const m = DECIMAL.exec(decimal.trim());
  if (!m) return 0n;
  const cents = BigInt(m[2] ?? '0') * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Cents as the wire writes them: '-12.50', '0.00'. */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The sum of wire decimals, as a wire decimal. */
export const sumAmounts = (values: readonly string[]): string =>
  fromCents(values.reduce((sum, v) => sum + toCents(v), 0n));
