import { describe, expect, it } from 'vitest';
import { agoKey, agoOf } from './recent-wins';

const NOW = Date.parse('2026-06-01T08:00:00.000Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('recent wins: how long ago', () => {
  it('#49 under a minute is now, then whole minutes, hours and days (never rounded up)', () => {
    expect(agoOf(before(0), NOW)).toEqual({ unit: 'now' });
    expect(agoOf(before(59), NOW)).toEqual({ unit: 'now' });
    expect(agoOf(before(60), NOW)).toEqual({ unit: 'minute', count: 1 });
    expect(agoOf(before(3599), NOW)).toEqual({ unit: 'minute', count: 59 });
    expect(agoOf(before(3600), NOW)).toEqual({ unit: 'hour', count: 1 });
    expect(agoOf(before(86_399), NOW)).toEqual({ unit: 'hour', count: 23 });
    expect(agoOf(before(86_400 * 3 + 5), NOW)).toEqual({ unit: 'day', count: 3 });
    // A clock a little ahead of the server's, or a bad time, is "now", not "in 2 min".
    expect(agoOf(before(-120), NOW)).toEqual({ unit: 'now' });
    expect(agoOf('not a time', NOW)).toEqual({ unit: 'now' });
  });

  it('#49 each unit has its catalogue text (counted with the plural rules of the language)', () => {
    expect(agoKey({ unit: 'minute', count: 5 })).toBe('home.winsFeed.ago.minute');
    expect(agoKey({ unit: 'hour', count: 1 })).toBe('home.winsFeed.ago.hour');
    expect(agoKey({ unit: 'day', count: 3 })).toBe('home.winsFeed.ago.day');
  });
});
