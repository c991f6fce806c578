import { describe, expect, it } from 'vitest';
import { defaultRange, isDay, localDay, MAX_DAYS, rangeProblem, shiftDay } from './range';

describe('the daily close list’s span', () => {
  it('defaults to the last 30 days ending yesterday, in the browser’s own day', () => {
    // 00:30 local on 1 March 2028 (a leap year): yesterday is 29 February whatever the zone.
    const now = new Date(2028, 2, 1, 0, 30);
    expect(localDay(now)).toBe('2028-03-01');
    expect(defaultRange(now)).toEqual({ from: '2028-01-31', to: '2028-02-29' });
    expect(defaultRange(new Date(2026, 0, 1, 23, 59))).toEqual({ from: '2025-12-02', to: '2025-12-31' });
  });

  it('accepts 1 to 92 days in order, as the server does', () => {
    expect(MAX_DAYS).toBe(92);
    expect(rangeProblem('2026-07-01', '2026-07-01')).toBeNull();
    expect(rangeProblem('2026-07-01', shiftDay('2026-07-01', MAX_DAYS - 1))).toBeNull();
  });

  it('names the problem and the field to mark', () => {
    expect(rangeProblem('2026-07-01', shiftDay('2026-07-01', MAX_DAYS))).toEqual({
      problem: 'span',
      field: 'from',
    });
    expect(rangeProblem('2026-07-02', '2026-07-01')).toEqual({ problem: 'order', field: 'to' });
    expect(rangeProblem('2026-7-1', '2026-07-01')).toEqual({ problem: 'day', field: 'from' });
    expect(rangeProblem('2026-07-01', '')).toEqual({ problem: 'day', field: 'to' });
  });

  it('knows a real day from a shape that looks like one', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('yesterday')).toBe(false);
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
  });
});
