import { PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';

/**
 * A share as people read it, without trailing zeros ('15.00' → '15', '12.50' → '12.5', '7.05' stays);
 * anything that is no percent string is shown as it came. The % sign is the text's.
 */
export function displayShare(percent: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(percent.trim());
  if (!m) return percent;
  const whole = String(Number(m[1]));
  const frac = (m[2] ?? '').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** Two percent strings that are the same share ('15' and '15.00'). */
export const sameShare = (a: string, b: string): boolean => displayShare(a) === displayShare(b);

/**
 * A version's shares read at a glance: the share most groups have (ties: the first group's, in the
 * contract's order) and the groups whose share differs from it, in the contract's order.
 */
export function shareSummary(shares: Partial<Record<ProductGroup, string>>): {
  common: string | null;
  others: { group: ProductGroup; share: string }[];
} {
  const groups = PRODUCT_GROUPS.filter((g) => shares[g] !== undefined);
  const counts = new Map<string, number>();
  for (const g of groups) {
    const s = displayShare(shares[g] ?? '');
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  let common: string | null = null;
  for (const [share, n] of counts) if (common === null || n > (counts.get(common) ?? 0)) common = share;
  return {
    common,
    others: groups
      .map((group) => ({ group, share: displayShare(shares[group] ?? '') }))
      .filter((o) => o.share !== common),
  };
}
