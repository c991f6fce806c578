/**
 * Bar heights in percent of the largest value (decimal strings from the wire, compared in minor units,
 * never as floats of the amounts); a value above 0 is at least 2 % so that it shows, negatives are 0.
 */
export function barHeights(values: readonly string[]): number[] {
  const minor = values.map((v) => {
    const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
    if (!m || m[1]) return 0n;
    return BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  });
  const max = minor.reduce((a, b) => (b > a ? b : a), 0n);
  if (max === 0n) return minor.map(() => 0);
  return minor.map((v) => (v === 0n ? 0 : Math.max(2, Number((v * 100n) / max))));
}
