import { describe, expect, it } from 'vitest';
import { periodAt, previousPeriod } from './periods';

const MANILA = 'Asia/Manila';
const iso = (ms: number) => new Date(ms).toISOString();

describe('contract periods in the merchant’s time zone', () => {
  it('AGENT-003 a daily salary day runs from local midnight to local midnight (Manila is UTC+8, no daylight saving)', () => {
    const p = periodAt('daily_salary', Date.parse('2026-11-25T16:30:00Z'), MANILA); // 00:30 on the 26th
    expect(p.key).toBe('2026-11-26');
    expect(iso(p.start)).toBe('2026-11-25T16:00:00.000Z');
    expect(iso(p.end)).toBe('2026-11-26T16:00:00.000Z');
    expect(previousPeriod('daily_salary', Date.parse('2026-11-25T16:30:00Z'), MANILA).key).toBe('2026-11-25');
  });

  it('an hourly salary hour is the local hour; the year’s last hour ends in the next year', () => {
    const p = periodAt('hourly_salary', Date.parse('2026-12-31T15:59:59Z'), MANILA); // 23:59:59 local
    expect(p.key).toBe('2026-12-31T23');
    expect(iso(p.end)).toBe('2026-12-31T16:00:00.000Z');
    expect(previousPeriod('hourly_salary', Date.parse('2026-12-31T16:00:00Z'), MANILA).key).toBe(
      '2026-12-31T23',
    );
  });

  it('a dividend half-month is the 1st–15th or the 16th to the month’s end, leap day included', () => {
    const first = periodAt('dividend', Date.parse('2028-02-15T15:59:59Z'), MANILA);
    expect([first.key, iso(first.end)]).toEqual(['2028-02-01', '2028-02-15T16:00:00.000Z']);
    const second = periodAt('dividend', Date.parse('2028-02-29T10:00:00Z'), MANILA);
    expect([second.key, iso(second.start), iso(second.end)]).toEqual([
      '2028-02-16',
      '2028-02-15T16:00:00.000Z',
      '2028-02-29T16:00:00.000Z',
    ]);
    expect(periodAt('dividend', Date.parse('2027-02-28T16:00:00Z'), MANILA).key).toBe('2027-03-01');
    // Run on the 1st of January, the dividend pays the second half of December.
    expect(previousPeriod('dividend', Date.parse('2027-01-01T00:00:00Z'), MANILA).key).toBe('2026-12-16');
  });

  it('weekly dividends run Monday to Sunday and monthly ones the calendar month', () => {
    const w = periodAt('dividend', Date.parse('2026-11-26T04:00:00Z'), MANILA, 'weekly'); // a Thursday
    expect([w.key, iso(w.end)]).toEqual(['2026-11-23', '2026-11-29T16:00:00.000Z']);
    const m = periodAt('dividend', Date.parse('2026-12-31T15:00:00Z'), MANILA, 'monthly');
    expect([m.key, iso(m.start), iso(m.end)]).toEqual([
      '2026-12-01',
      '2026-11-30T16:00:00.000Z',
      '2026-12-31T16:00:00.000Z',
    ]);
  });

  it('a zone with daylight saving keeps days whole: the spring day has 23 hours and hours stay local', () => {
    const day = periodAt('daily_salary', Date.parse('2026-03-29T12:00:00Z'), 'Europe/London');
    expect(day.end - day.start).toBe(23 * 3_600_000);
    const hour = periodAt('hourly_salary', Date.parse('2026-03-29T01:30:00Z'), 'Europe/London'); // 02:30 BST
    expect(hour.key).toBe('2026-03-29T02');
    expect(iso(hour.start)).toBe('2026-03-29T01:00:00.000Z');
  });
});
