import { describe, expect, it } from 'vitest';
import {
  dayCount,
  defaultRange,
  localDay,
  presetOf,
  presetRange,
  rangeOf,
  rangeProblem,
  shiftDay,
} from './range';

describe('the figures’ range: quick ranges, the default, and what the server would refuse', () => {
  it('reads the browser’s own date, not UTC’s', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('moves a day across months, years and leap days', () => {
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-07-20', -6)).toBe('2026-07-14');
  });

  it('gives each quick range its days', () => {
    const today = '2026-03-10';
    expect(presetRange('today', today)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(presetRange('last7', today)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('lastMonth', '2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('yesterday', '2027-01-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });

  it('shows the last 7 days without a range in the address, and fills an end left out', () => {
    expect(defaultRange('2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(rangeOf({ from: '', to: '' }, '2026-03-10')).toEqual(defaultRange('2026-03-10'));
    expect(rangeOf({ from: '2026-01-01', to: '' }, '2026-03-10')).toEqual({
      from: '2026-01-01',
      to: '2026-03-10',
    });
  });

  it('knows which quick range a range is (its button shows pressed)', () => {
    expect(presetOf({ from: '2026-03-04', to: '2026-03-10' }, '2026-03-10')).toBe('last7');
    expect(presetOf({ from: '2026-03-01', to: '2026-03-01' }, '2026-03-01')).toBe('today');
    expect(presetOf({ from: '2026-03-02', to: '2026-03-10' }, '2026-03-10')).toBeNull();
  });

  it('refuses what the server refuses: no date, the wrong order, more than 92 days', () => {
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(dayCount({ from: '2026-01-01', to: '2026-04-02' })).toBe(92);
    expect(rangeProblem({ from: '2026-01-01', to: '2026-04-02' })).toBeNull();
    expect(rangeProblem({ from: '2026-01-01', to: '2026-04-03' })).toBe('span');
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('order');
    expect(rangeProblem({ from: '2026-3-1', to: '2026-03-01' })).toBe('day');
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('day');
    expect(rangeProblem({ from: '', to: '2026-03-01' })).toBe('day');
  });
});
