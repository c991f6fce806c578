import { describe, expect, it } from 'vitest';
import { rangeProblem, shiftDay } from './range';

describe('the reports screen’s range, checked before it asks (the server refuses the same)', () => {
  it('accepts 1 to 366 days in order and refuses the rest with the server’s message key', () => {
    expect(rangeProblem('2026-07-01', '2026-07-01')).toBeNull();
    expect(rangeProblem('2025-07-21', '2026-07-21')).toBeNull();
    expect(rangeProblem('2025-07-20', '2026-07-21')).toBe('report_range');
    expect(rangeProblem('2026-07-02', '2026-07-01')).toBe('report_range');
    expect(rangeProblem('2026-7-1', '2026-07-01')).toBe('report_range');
  });
  it('moves a day across months and leap days', () => {
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDay('2026-07-20', -29)).toBe('2026-06-21');
  });
});
