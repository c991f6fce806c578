// The regulator's reports (CTR, STR) on the console: the span of the merchant's days they cover.

/** The longest span a report covers, in days (the server refuses more with range_too_long). */
export const REPORT_MAX_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** A calendar day written as the API takes it (YYYY-MM-DD, a day that exists). */
export function isDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** The calendar month before `now`'s (the browser's calendar): the span a monthly report covers. */
export function lastMonth(now: Date): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return { from: day(first), to: day(last) };
}

export type ReportRangeProblem = 'day' | 'order' | 'span';

/**
 * Why a report's span cannot be asked for, and the field to mark, or null (the server refuses the same:
 * a day that is no date, `to` before `from`, more than `REPORT_MAX_DAYS` days, both ends counted).
 */
export function reportRangeProblem(
  from: string,
  to: string,
): { problem: ReportRangeProblem; field: 'from' | 'to' } | null {
  if (!isDay(from)) return { problem: 'day', field: 'from' };
  if (!isDay(to)) return { problem: 'day', field: 'to' };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY;
  if (days < 0) return { problem: 'order', field: 'to' };
  return days + 1 > REPORT_MAX_DAYS ? { problem: 'span', field: 'from' } : null;
}
