import type { BrandFigures } from '@panalo/contract/provider';
import { displayAmount } from '@panalo/contract/money';
import { sumAmounts } from './amounts';

/**
 * The figures the tables show, in their order (wins and GGR by product are not columns: GGR is turnover
 * less wins, and one brand's GGR by product is its own table).
 */
export const FIGURE_COLUMNS = [
  'registrations',
  'activePlayers',
  'deposits',
  'withdrawals',
  'turnover',
  'ggr',
  'bonuses',
  'rebates',
  'commissions',
  'ngr',
] as const satisfies readonly (keyof BrandFigures)[];
export type FigureColumn = (typeof FIGURE_COLUMNS)[number];

/** The figures that are counts of people (the rest are amounts). */
export const COUNT_FIGURES = ['registrations', 'activePlayers'] as const satisfies readonly FigureColumn[];
const isCount = (f: FigureColumn): f is (typeof COUNT_FIGURES)[number] =>
  (COUNT_FIGURES as readonly string[]).includes(f);

/** The columns' figures of one row, as the wire writes them (counts as numbers). */
export type FigureValues = Pick<BrandFigures, FigureColumn>;

/** The sum of rows' figures: counts added, amounts added in cents. */
export function sumFigures(rows: readonly FigureValues[]): FigureValues {
  const out = {} as Record<FigureColumn, number | string>;
  for (const f of FIGURE_COLUMNS) {
    out[f] = isCount(f) ? rows.reduce((s, r) => s + r[f], 0) : sumAmounts(rows.map((r) => r[f]));
  }
  return out as FigureValues;
}

/**
 * The totals of brands' rows, one per currency (amounts of two currencies are never added), in the
 * order the currencies first appear.
 */
export function totalsByCurrency<R extends FigureValues & { currency: string }>(
  rows: readonly R[],
): { currency: string; figures: FigureValues }[] {
  const currencies = [...new Set(rows.map((r) => r.currency))];
  return currencies.map((currency) => ({
    currency,
    figures: sumFigures(rows.filter((r) => r.currency === currency)),
  }));
}

/** One brand's rows by day, oldest day first. */
export const daysOf = <R extends { brand: string; day: string }>(rows: readonly R[], brand: string): R[] =>
  rows.filter((r) => r.brand === brand).sort((a, b) => a.day.localeCompare(b.day));

/** A figure as people read it: a count grouped in the language's way, an amount as `displayAmount`. */
export function figureText(f: FigureColumn, values: FigureValues, language: string): string {
  const v = values[f];
  return typeof v === 'number' ? v.toLocaleString(language === 'ty' ? 'fil-PH' : 'en-PH') : displayAmount(v);
}
