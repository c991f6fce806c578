import { describe, expect, it } from 'vitest';
import { isDay, lastMonth, REPORT_MAX_DAYS, reportRangeProblem } from './reports';

describe('the regulator’s reports’ span', () => {
  it('defaults to last calendar month, in the browser’s calendar', () => {
    expect(lastMonth(new Date(2026, 4, 17))).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(lastMonth(new Date(2026, 0, 1, 0, 5))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonth(new Date(2024, 2, 31))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('takes real days only', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-2-1')).toBe(false);
  });

  it('refuses what the server refuses: no date, the end first, more than 366 days', () => {
    expect(reportRangeProblem('2026-01-01', '2026-01-31')).toBeNull();
    expect(reportRangeProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(reportRangeProblem('', '2026-01-31')).toEqual({ problem: 'day', field: 'from' });
    expect(reportRangeProblem('2026-01-01', '')).toEqual({ problem: 'day', field: 'to' });
    expect(reportRangeProblem('2026-02-01', '2026-01-31')).toEqual({ problem: 'order', field: 'to' });
    expect(REPORT_MAX_DAYS).toBe(366);
    expect(reportRangeProblem('2024-01-01', '2024-12-31')).toBeNull(); // 366 days (a leap year)
    expect(reportRangeProblem('2025-01-01', '2026-01-02')).toEqual({ problem: 'span', field: 'from' });
  });
});
