/** Wall-clock arithmetic in an IANA time zone with Intl only (no library, no DST assumptions). */
export interface LocalDate {
  y: number;
  m: number;
  d: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

interface Wall extends LocalDate {
  h: number;
  mi: number;
  s: number;
}

function wall(ms: number, timeZone: string): Wall {
  const p: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(new Date(ms))) p[part.type] = Number(part.value);
  return {
    y: p.year ?? 0,
    m: p.month ?? 0,
    d: p.day ?? 0,
    h: p.hour ?? 0,
    mi: p.minute ?? 0,
    s: p.second ?? 0,
  };
}

/** The calendar date at an instant in a zone. */
export function localDateOf(ms: number, timeZone: string): LocalDate {
  const { y, m, d } = wall(ms, timeZone);
  return { y, m, d };
}

function offsetAt(ms: number, timeZone: string): number {
  const w = wall(ms, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

// localToInstant's answers: a zone's rules do not change while the process runs, and every bet asks for
// the same few draw times (formatToParts was 3 % of the API's time on the lottery bet path).
const instants = new Map<string, number>();
const INSTANTS_KEPT = 4096;

/** The instant of a local wall-clock time (a time skipped by DST resolves to the later offset). */
export function localToInstant(date: LocalDate, hour: number, minute: number, timeZone: string): number {
  const key = `${timeZone} ${date.y} ${date.m} ${date.d} ${hour} ${minute}`;
  let at = instants.get(key);
  if (at === undefined) {
    const guess = Date.UTC(date.y, date.m - 1, date.d, hour, minute);
    const first = guess - offsetAt(guess, timeZone);
    at = guess - offsetAt(first, timeZone);
    if (instants.size >= INSTANTS_KEPT) instants.clear();
    instants.set(key, at);
  }
  return at;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export const yyyymmdd = (date: LocalDate): string =>
  `${date.y}${String(date.m).padStart(2, '0')}${String(date.d).padStart(2, '0')}`;

/** A YYYYMMDD text as a real calendar date, or null (20261131 is not a date). */
export function parseYyyymmdd(s: string): LocalDate | null {
  if (!/^[0-9]{8}$/.test(s)) return null;
  const date = { y: Number(s.slice(0, 4)), m: Number(s.slice(4, 6)), d: Number(s.slice(6, 8)) };
  return yyyymmdd(addDays(date, 0)) === s ? date : null;
}
