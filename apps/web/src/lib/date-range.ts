/** The period choices of the account record and profit and loss. */
export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DateRange {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive. */
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date (the viewer's local day) as the API's YYYY-MM-DD. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function daysBefore(now: Date, days: number): Date {
  // Calendar arithmetic, not 24 h steps: a daylight-saving change must not skip or repeat a day.
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
}

/** The dates a preset stands for on the day `now` falls on. "Last 7 days" includes today. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date): DateRange {
  switch (preset) {
    case 'today':
      return { from: isoDate(now), to: isoDate(now) };
    case 'yesterday': {
      const y = isoDate(daysBefore(now, 1));
      return { from: y, to: y };
    }
    case 'last7':
      return { from: isoDate(daysBefore(now, 6)), to: isoDate(now) };
    case 'last30':
      return { from: isoDate(daysBefore(now, 29)), to: isoDate(now) };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A custom range the API accepts: two real dates, the first not after the second. */
export function isValidRange(r: Partial<DateRange>): r is DateRange {
  if (!r.from || !r.to || !DATE.test(r.from) || !DATE.test(r.to)) return false;
  if (Number.isNaN(Date.parse(r.from)) || Number.isNaN(Date.parse(r.to))) return false;
  return r.from <= r.to;
}
