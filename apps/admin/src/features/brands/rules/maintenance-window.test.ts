import { describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, never bundled: the window must pass the API's own schema
import { maintenanceWindowRequest } from '@panalo/contract/provider';
import {
  emptyWindow,
  windowFormOf,
  windowLength,
  windowProblems,
  windowRequest,
  zonedIso,
  zonedLocal,
  windowState,
  zoneOffset,
} from './maintenance-window';

const keys = (w: Parameters<typeof windowProblems>[0], zone = 'Asia/Manila') =>
  windowProblems(w, zone).map((p) => `${p.field}:${p.key.replace('brand.window.problem.', '')}`);

describe('a planned maintenance window', () => {
  it('reads the times in the brand’s zone, whatever the browser’s, with the offset of that moment', () => {
    expect(zoneOffset(Date.parse('2026-12-01T00:00:00Z'), 'Asia/Manila')).toBe(480);
    expect(zonedIso('2026-12-01T02:00', 'Asia/Manila')).toBe('2026-12-01T02:00:00+08:00');
    expect(zonedIso('2026-12-01T02:00', 'UTC')).toBe('2026-12-01T02:00:00+00:00');
    expect(zonedIso('2026-12-01T02:00', 'Asia/Kolkata')).toBe('2026-12-01T02:00:00+05:30');
    // New York in winter and in summer: the offset is the one of that day.
    expect(zonedIso('2026-01-15T09:00', 'America/New_York')).toBe('2026-01-15T09:00:00-05:00');
    expect(zonedIso('2026-07-15T09:00', 'America/New_York')).toBe('2026-07-15T09:00:00-04:00');
    // The night New York puts its clocks back: 01:30 happens twice, either reading is an hour apart at most.
    const twice = zonedIso('2026-11-01T01:30', 'America/New_York');
    expect(['2026-11-01T01:30:00-04:00', '2026-11-01T01:30:00-05:00']).toContain(twice);
    expect(zonedIso('', 'Asia/Manila')).toBeNull();
    expect(zonedIso('2026-02-31T02:00', 'Asia/Manila')).toBeNull();
    expect(zonedIso('2026-12-01T25:00', 'Asia/Manila')).toBeNull();
    expect(zonedIso('2026-12-01T02:00', 'Mars/Olympus')).toBeNull();
  });

  it('shows a brand’s window back in its zone, to change it', () => {
    expect(zonedLocal('2026-11-30T18:00:00Z', 'Asia/Manila')).toBe('2026-12-01T02:00');
    expect(zonedLocal('2026-12-01T02:00:00+08:00', 'America/New_York')).toBe('2026-11-30T13:00');
    expect(zonedLocal('not a time', 'Asia/Manila')).toBe('');
    expect(
      windowFormOf(
        { startsAt: '2026-11-30T18:00:00.000Z', endsAt: '2026-11-30T20:00:00.000Z', message: null },
        'Asia/Manila',
      ),
    ).toEqual({ startsAt: '2026-12-01T02:00', endsAt: '2026-12-01T04:00', message: '' });
  });

  it('takes what the contract takes: an end after the start, at most 72 hours, a short message', () => {
    const w = { startsAt: '2026-12-01T02:00', endsAt: '2026-12-04T02:00', message: ' Upgrade ' };
    expect(keys(w)).toEqual([]);
    const body = { window: windowRequest(w, 'Asia/Manila') };
    expect(maintenanceWindowRequest.parse(body)).toEqual({
      window: {
        startsAt: '2026-12-01T02:00:00+08:00',
        endsAt: '2026-12-04T02:00:00+08:00',
        message: 'Upgrade',
      },
    });
    expect(windowRequest({ ...w, message: ' ' }, 'Asia/Manila')).not.toHaveProperty('message');
    expect(windowLength(w, 'Asia/Manila')).toEqual({ hours: 72, minutes: 0 });
    expect(windowLength({ ...w, endsAt: '2026-12-01T04:30' }, 'Asia/Manila')).toEqual({
      hours: 2,
      minutes: 30,
    });
    expect(windowLength({ ...w, endsAt: '' }, 'Asia/Manila')).toBeNull();

    expect(keys({ ...w, endsAt: '2026-12-04T02:01' })).toEqual(['endsAt:length']);
    expect(keys({ ...w, endsAt: w.startsAt })).toEqual(['endsAt:order']);
    expect(keys({ ...w, endsAt: '2026-11-30T02:00' })).toEqual(['endsAt:order']);
    expect(keys({ ...w, message: 'x'.repeat(201) })).toEqual(['message:message']);
    expect(keys(emptyWindow())).toEqual(['startsAt:time', 'endsAt:time']);
    // What the form refuses, the contract refuses too.
    for (const bad of [
      { ...w, endsAt: '2026-12-04T02:01' },
      { ...w, endsAt: w.startsAt },
      { ...w, message: 'x'.repeat(201) },
    ])
      expect(maintenanceWindowRequest.safeParse({ window: windowRequest(bad, 'Asia/Manila') }).success).toBe(
        false,
      );
    expect(maintenanceWindowRequest.parse({ window: null })).toEqual({ window: null });
  });

  it('says whether a window is still to come, under way or over', () => {
    const w = { startsAt: '2026-12-01T02:00:00+08:00', endsAt: '2026-12-01T04:00:00+08:00' };
    expect(windowState(w, Date.parse('2026-12-01T01:59:59+08:00'))).toBe('planned');
    expect(windowState(w, Date.parse('2026-12-01T02:00:00+08:00'))).toBe('running');
    expect(windowState(w, Date.parse('2026-12-01T04:00:00+08:00'))).toBe('over');
  });
});
