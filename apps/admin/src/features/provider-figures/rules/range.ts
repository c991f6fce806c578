import { FIGURES_MAX_DAYS } from '@panalo/contract/provider-rules';

/** A span of calendar days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** The quick ranges offered beside the dates, in the order shown. */
export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'thisMonth', 'lastMonth'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The browser's calendar day at `now` (its own date, not UTC's). The figures are counted on each
 * brand's reporting days; the browser's today is close enough to pick a range, and the server decides.
 */
export const localDay = (now: Date): string =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** The day `n` days after `day` (before, when negative). */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The days of a quick range ending on (or around) `today`. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = shiftDay(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: shiftDay(today, -6), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const lastDay = shiftDay(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The range shown without one in the address: the last 7 days ending today. */
export const defaultRange = (today: string): DayRange => presetRange('last7', today);

/** The range the address asks for, each end left out taken from the default range. */
export const rangeOf = (asked: { from: string; to: string }, today: string): DayRange => {
  const d = defaultRange(today);
  return { from: asked.from || d.from, to: asked.to || d.to };
};

/** The quick range `range` is, if it is one (its button shows pressed). */
export const presetOf = (range: DayRange, today: string): RangePreset | null =>
  RANGE_PRESETS.find((p) => {
    const r = presetRange(p, today);
    return r.from === range.from && r.to === range.to;
  }) ?? null;

/** The number of days of a range, both ends included. */
export const dayCount = (range: DayRange): number =>
  (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;

export type RangeProblem = 'day' | 'order' | 'span';

/**
 * Why the server would refuse a range (`validation_failed`), checked before asking: a day that is no
 * date, the end before the start, or more than `FIGURES_MAX_DAYS` days; null when it may be asked.
 */
export function rangeProblem(range: DayRange): RangeProblem | null {
  const valid = (d: string) => DAY.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
  if (!valid(range.from) || !valid(range.to)) return 'day';
  if (range.to < range.from) return 'order';
  return dayCount(range) > FIGURES_MAX_DAYS ? 'span' : null;
}
