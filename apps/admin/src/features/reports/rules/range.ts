import { REPORT_MAX_DAYS } from '@panalo/contract/report-rules';

/** The day `n` days after `day` (before, when negative). */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Why a range cannot be asked for (the server's own message key), or null. */
export function rangeProblem(from: string, to: string): 'report_range' | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'report_range';
  if (!Number.isFinite(a) || !Number.isFinite(b) || b < a) return 'report_range';
  return (b - a) / 86_400_000 + 1 > REPORT_MAX_DAYS ? 'report_range' : null;
}
