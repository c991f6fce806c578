import type { ContractKind } from '@panalo/contract/contract-terms';
import { addDays, localDateOf, localToInstant, type LocalDate } from '../lottery/engine/zoned-time';

/**
 * Contract periods in the merchant's time zone (issue 17 item 3): an hourly salary's hour, a daily
 * salary's day, a dividend's half-month (1st–15th, 16th–end), week (Monday–Sunday) or month. A period
 * is [start, end) in instants and has a key unique within its kind (its local start).
 */
export const DIVIDEND_CADENCES = ['half_month', 'weekly', 'monthly'] as const;
export type DividendCadence = (typeof DIVIDEND_CADENCES)[number];

export interface Period {
  key: string;
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateKey = (d: LocalDate) => `${d.y}-${pad(d.m)}-${pad(d.d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function hourAt(ms: number, timeZone: string): { date: LocalDate; hour: number } {
  const date = localDateOf(ms, timeZone);
  // The local hour: the last whole hour of that date whose start is not after the instant.
  for (let h = 23; h >= 0; h--) if (localToInstant(date, h, 0, timeZone) <= ms) return { date, hour: h };
  return { date, hour: 0 };
}

/** The first and the day after the last local date of the period containing `date`. */
function dayRange(
  kind: ContractKind,
  cadence: DividendCadence,
  date: LocalDate,
): { first: LocalDate; after: LocalDate } {
  if (kind === 'daily_salary') return { first: date, after: addDays(date, 1) };
  if (cadence === 'weekly') {
    const weekday = (new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay() + 6) % 7; // Monday 0
    const first = addDays(date, -weekday);
    return { first, after: addDays(first, 7) };
  }
  const end = daysInMonth(date.y, date.m);
  const nextMonth = addDays({ y: date.y, m: date.m, d: end }, 1);
  if (cadence === 'monthly') return { first: { ...date, d: 1 }, after: nextMonth };
  return date.d <= 15
    ? { first: { ...date, d: 1 }, after: { ...date, d: 16 } }
    : { first: { ...date, d: 16 }, after: nextMonth };
}

/** The period of a kind that contains the instant `ms`. */
export function periodAt(
  kind: ContractKind,
  ms: number,
  timeZone: string,
  cadence: DividendCadence = 'half_month',
): Period {
  if (kind === 'hourly_salary') {
    const { date, hour } = hourAt(ms, timeZone);
    const start = localToInstant(date, hour, 0, timeZone);
    const end =
      hour === 23
        ? localToInstant(addDays(date, 1), 0, 0, timeZone)
        : localToInstant(date, hour + 1, 0, timeZone);
    return { key: `${dateKey(date)}T${pad(hour)}`, start, end };
  }
  const { first, after } = dayRange(kind, cadence, localDateOf(ms, timeZone));
  return {
    key: dateKey(first),
    start: localToInstant(first, 0, 0, timeZone),
    end: localToInstant(after, 0, 0, timeZone),
  };
}

/** The period just before the one containing `ms` (what a settlement run at `ms` pays). */
export function previousPeriod(
  kind: ContractKind,
  ms: number,
  timeZone: string,
  cadence: DividendCadence = 'half_month',
): Period {
  return periodAt(kind, periodAt(kind, ms, timeZone, cadence).start - 1, timeZone, cadence);
}
