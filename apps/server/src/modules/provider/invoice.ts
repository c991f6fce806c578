import { houseFigures } from '@panalo/contract/figures';
import { formatAmount } from '@panalo/contract/money';
import { formatRate, PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import type { BrandFigures, BrandInvoice } from '@panalo/contract/provider';
import type { DayRow } from './billing.repository';

/** A version of a brand's terms, as the invoice reads it. */
export interface Terms {
  startsOn: string;
  /** Basis points of NGR per product group. */
  shares: Record<string, number>;
  minimumFee: bigint;
}

const isGroup = (p: string): p is ProductGroup => (PRODUCT_GROUPS as readonly string[]).includes(p);
const deductionsOf = (r: DayRow) => r.bonuses + r.rebates + r.commissions;
const ggrOf = (r: DayRow) => r.bets - r.refunds - r.wins;

/** The days of a month 'YYYY-MM', as 'YYYY-MM-DD'. */
export function monthDays(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The version in force on a day: the latest one started on or before it (versions by start day). */
export function termsOn(terms: readonly Terms[], day: string): Terms | null {
  let found: Terms | null = null;
  for (const t of terms) if (t.startsOn <= day) found = t;
  return found;
}

/** The figures of a set of rows (one definition each: contract figures.ts). */
export function figuresOf(
  rows: readonly DayRow[],
  players: { registrations: number; activePlayers: number },
): BrandFigures {
  const sum = (f: (r: DayRow) => bigint) => rows.reduce((a, r) => a + f(r), 0n);
  const h = houseFigures({
    bets: sum((r) => r.bets),
    refunds: sum((r) => r.refunds),
    wins: sum((r) => r.wins),
    bonuses: sum((r) => r.bonuses),
    rebates: sum((r) => r.rebates),
    commissions: sum((r) => r.commissions),
  });
  const byProduct: Partial<Record<ProductGroup, string>> = {};
  for (const p of PRODUCT_GROUPS) {
    const mine = rows.filter((r) => r.product === p);
    if (mine.some((r) => r.bets !== 0n || r.wins !== 0n || r.refunds !== 0n))
      byProduct[p] = formatAmount(mine.reduce((a, r) => a + ggrOf(r), 0n));
  }
  return {
    registrations: players.registrations,
    activePlayers: players.activePlayers,
    deposits: formatAmount(sum((r) => r.deposits)),
    withdrawals: formatAmount(sum((r) => r.withdrawals)),
    turnover: formatAmount(h.turnover),
    wins: formatAmount(sum((r) => r.wins)),
    ggr: formatAmount(h.ggr),
    ggrByProduct: byProduct,
    bonuses: formatAmount(sum((r) => r.bonuses)),
    rebates: formatAmount(sum((r) => r.rebates)),
    commissions: formatAmount(sum((r) => r.commissions)),
    ngr: formatAmount(h.ngr),
  };
}

/**
 * The provider's invoice of one brand and month (docs/provider.md):
 * - each day is billed under the version of the terms in force that day (none: not billed);
 * - per version and product group: GGR, less the group's own bonuses, rebates and commissions and its part
 *   of those no group carries (shared in proportion to the groups' positive GGR, the remainder of the
 *   division to the largest);
 * - the fee of a line is its share of its NGR, rounded down to the centavo, nothing when NGR is negative;
 * - the brand owes the sum of the fees, or the minimum fee of the version in force on the month's last
 *   day when the fees are less.
 */
export function invoiceOf(
  brand: { code: string; name: string; currency: string },
  month: string,
  rows: readonly DayRow[],
  terms: readonly Terms[],
): BrandInvoice {
  const days = monthDays(month);
  const lines: BrandInvoice['lines'] = [];
  let daysWithoutTerms = 0;
  let shareFees = 0n;
  const versions = new Map<Terms, string[]>();
  for (const day of days) {
    const t = termsOn(terms, day);
    if (!t) daysWithoutTerms++;
    else versions.set(t, [...(versions.get(t) ?? []), day]);
  }
  for (const [t, span] of versions) {
    const inSpan = rows.filter((r) => span.includes(r.day));
    const ggr = new Map<ProductGroup, bigint>();
    const own = new Map<ProductGroup, bigint>();
    let shared = 0n;
    for (const r of inSpan) {
      if (isGroup(r.product)) {
        ggr.set(r.product, (ggr.get(r.product) ?? 0n) + ggrOf(r));
        own.set(r.product, (own.get(r.product) ?? 0n) + deductionsOf(r));
      } else shared += deductionsOf(r) - ggrOf(r);
    }
    const groups = PRODUCT_GROUPS.filter((p) => ggr.has(p) || own.has(p));
    const positive = groups.filter((p) => (ggr.get(p) ?? 0n) > 0n);
    const base = positive.reduce((a, p) => a + ggr.get(p)!, 0n);
    const part = new Map<ProductGroup, bigint>();
    if (base > 0n && shared !== 0n) {
      let given = 0n;
      for (const p of positive) {
        const x = (shared * ggr.get(p)!) / base;
        part.set(p, x);
        given += x;
      }
      const largest = positive.reduce((a, p) => (ggr.get(p)! > ggr.get(a)! ? p : a), positive[0]!);
      part.set(largest, part.get(largest)! + shared - given);
    }
    for (const p of groups) {
      const g = ggr.get(p) ?? 0n;
      const deductions = (own.get(p) ?? 0n) + (part.get(p) ?? 0n);
      const ngr = g - deductions;
      const bp = t.shares[p] ?? 0;
      const fee = ngr > 0n ? (ngr * BigInt(bp)) / 10_000n : 0n;
      shareFees += fee;
      lines.push({
        product: p,
        termsFrom: t.startsOn,
        days: span.length,
        ggr: formatAmount(g),
        deductions: formatAmount(deductions),
        ngr: formatAmount(ngr),
        share: formatRate(bp),
        fee: formatAmount(fee),
      });
    }
  }
  const month_ = figuresOf(rows, { registrations: 0, activePlayers: 0 });
  const minimumFee = termsOn(terms, days[days.length - 1]!)?.minimumFee ?? 0n;
  return {
    brand: brand.code,
    name: brand.name,
    currency: brand.currency,
    month,
    lines,
    ngr: month_.ngr,
    shareFees: formatAmount(shareFees),
    minimumFee: formatAmount(minimumFee),
    due: formatAmount(shareFees > minimumFee ? shareFees : minimumFee),
    minimumApplied: minimumFee > shareFees,
    daysWithoutTerms,
  };
}
