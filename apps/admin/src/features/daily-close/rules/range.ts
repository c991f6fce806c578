import type { DAILY_CLOSE_MAX_DAYS } from '@panalo/contract/daily-close';

/**
 * The longest span the list answers at once, in days: the contract's `DAILY_CLOSE_MAX_DAYS`. Its module
 * holds zod schemas, which the console imports as types only, so the number is written here and the
 * compiler keeps it equal to the contract's.
 */
export const MAX_DAYS: typeof DAILY_CLOSE_MAX_DAYS = 92;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** A calendar day written as the API takes it (YYYY-MM-DD, a day that exists). */
export function isDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** The day `n` days after `day` (before, when negative). */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The browser's calendar day at `now` (its own time zone, not UTC). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The list's span when the address names none: the last 30 days ending yesterday, in the browser's
 * days (today is never closed yet: a day closes after the brand's midnight).
 */
export function defaultRange(now: Date): { from: string; to: string } {
  const to = shiftDay(localDay(now), -1);
  return { from: shiftDay(to, -29), to };
}

export type RangeProblem = 'day' | 'order' | 'span';

/**
 * Why a span cannot be asked for, and the field to mark, or null. The server refuses the same: a day
 * that is no date, `to` before `from`, more than `MAX_DAYS` days (both ends counted).
 */
export function rangeProblem(
  from: string,
  to: string,
): { problem: RangeProblem; field: 'from' | 'to' } | null {
  if (!isDay(from)) return { problem: 'day', field: 'from' };
  if (!isDay(to)) return { problem: 'day', field: 'to' };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY;
  if (days < 0) return { problem: 'order', field: 'to' };
  return days + 1 > MAX_DAYS ? { problem: 'span', field: 'from' } : null;
}
