import type { MaintenanceWindow } from '@panalo/contract/provider';
import { MAINTENANCE_WINDOW_MAX_HOURS } from '@panalo/contract/provider-rules';

// A planned maintenance window as a person enters it (the launch form's cashier step, the brand's page):
// a start and an end as the browser's datetime-local inputs give them ('2026-12-01T02:00'), read in the
// brand's own time zone (the market step's choice, or the brand's) and never in the browser's, which may
// be another (a staff member abroad): the players see the window in the brand's zone. Sent as ISO with
// that zone's offset at that moment ('2026-12-01T02:00:00+08:00'), which is what the contract takes.

export interface WindowForm {
  /** datetime-local values in the brand's time zone. */
  startsAt: string;
  endsAt: string;
  message: string;
}
export type WindowField = keyof WindowForm;

/** What is wrong with a window's field: its text key (`brand.window.problem.*`) and the text's values. */
export interface WindowProblem {
  field: WindowField;
  key: string;
  values?: Record<string, number>;
}

export const WINDOW_MESSAGE_MAX = 200;
const MAX_MS = MAINTENANCE_WINDOW_MAX_HOURS * 3_600_000;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export const emptyWindow = (): WindowForm => ({ startsAt: '', endsAt: '', message: '' });

/** The zone's offset from UTC at an instant, in minutes (Manila: 480). Throws on a zone Intl does not know. */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as ISO with the zone's offset then ('2026-12-01T02:00:00+08:00'). */
function isoInZone(instant: number, timeZone: string): string {
  const offset = zoneOffset(instant, timeZone);
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/**
 * A datetime-local value read in a time zone, as ISO with the zone's offset; null for a value that is no
 * time (blank, 31 February) or a zone the browser does not know.
 */
export function zonedIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  const [y, mo, d, h] = [n(1), n(2), n(3), n(4)];
  const wall = Date.UTC(y, mo - 1, d, h, n(5), n(6));
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23) return null;
  try {
    // The offset at the first guess may not be the one at the instant when the zone changes its clocks
    // in between: a second pass takes the offset at the instant found.
    const guess = wall - zoneOffset(wall, timeZone) * 60_000;
    return isoInZone(wall - zoneOffset(guess, timeZone) * 60_000, timeZone);
  } catch {
    return null;
  }
}

/** An instant as a datetime-local value of a zone (to fill the form from a window); '' when unreadable. */
export function zonedLocal(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  try {
    return new Date(at + zoneOffset(at, timeZone) * 60_000).toISOString().slice(0, 16);
  } catch {
    return '';
  }
}

/**
 * The window's problems, the contract's checks (`maintenanceWindow`): both times given, the end after the
 * start, at most MAINTENANCE_WINDOW_MAX_HOURS, a message of at most 200 characters.
 */
export function windowProblems(w: WindowForm, timeZone: string): WindowProblem[] {
  const p: WindowProblem[] = [];
  const add = (field: WindowField, key: string, values?: Record<string, number>) =>
    p.push({ field, key: `brand.window.problem.${key}`, ...(values ? { values } : {}) });
  const start = zonedIso(w.startsAt, timeZone);
  const end = zonedIso(w.endsAt, timeZone);
  if (!start) add('startsAt', 'time');
  if (!end) add('endsAt', 'time');
  else if (start) {
    const span = Date.parse(end) - Date.parse(start);
    if (span <= 0) add('endsAt', 'order');
    else if (span > MAX_MS) add('endsAt', 'length', { hours: MAINTENANCE_WINDOW_MAX_HOURS });
  }
  if (w.message.trim().length > WINDOW_MESSAGE_MAX) add('message', 'message', { max: WINDOW_MESSAGE_MAX });
  return p;
}

/** The window the API takes (for a form without problems): times with the zone's offset, a message if any. */
export function windowRequest(w: WindowForm, timeZone: string): MaintenanceWindow {
  const message = w.message.trim();
  return {
    startsAt: zonedIso(w.startsAt, timeZone) ?? w.startsAt,
    endsAt: zonedIso(w.endsAt, timeZone) ?? w.endsAt,
    ...(message ? { message } : {}),
  };
}

/** A brand's window as the form shows it, in the brand's zone. */
export const windowFormOf = (
  w: { startsAt: string; endsAt: string; message: string | null },
  timeZone: string,
): WindowForm => ({
  startsAt: zonedLocal(w.startsAt, timeZone),
  endsAt: zonedLocal(w.endsAt, timeZone),
  message: w.message ?? '',
});

/** The window's length in hours and minutes (for "lasts 2 h 30 min"); null while the times are not both valid. */
export function windowLength(w: WindowForm, timeZone: string): { hours: number; minutes: number } | null {
  const start = zonedIso(w.startsAt, timeZone);
  const end = zonedIso(w.endsAt, timeZone);
  if (!start || !end) return null;
  const minutes = Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
  if (minutes <= 0) return null;
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** An instant as people read it in the brand's zone ('1 Dec 2026, 2:00 AM'), the zone named by the caller. */
export const formatInZone = (iso: string, timeZone: string, language: string): string => {
  try {
    return new Date(iso).toLocaleString(language === 'ty' ? 'fil-PH' : 'en-PH', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    });
  } catch {
    return iso;
  }
};

/** Where a window stands at `now`: still to come, under way (players see the maintenance page), or over. */
export function windowState(
  w: { startsAt: string; endsAt: string },
  now: number,
): 'planned' | 'running' | 'over' {
  if (now < Date.parse(w.startsAt)) return 'planned';
  return now < Date.parse(w.endsAt) ? 'running' : 'over';
}
