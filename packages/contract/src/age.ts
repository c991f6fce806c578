/**
 * Age from a date of birth (spec §5 and §9: the age notice and the birth-date check, VALID-041/042;
 * issue 22: a merchant's minimum age, 18 or 21). Dates are calendar days 'YYYY-MM-DD'; "today" is the
 * day in the merchant's time zone, so that a birthday counts from its own midnight there.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The minimum ages a merchant may require (its licence decides; PAGCOR's is 21). */
export const MIN_AGES = [18, 21] as const;
export type MinAge = (typeof MIN_AGES)[number];

/** A real calendar day as [year, month, day], or null ('2001-02-29' is not one). */
export function parseDay(text: string): [number, number, number] | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/** Whole years from `birth` to `today` (both 'YYYY-MM-DD'); null if either is not a day. */
export function ageOn(birth: string, today: string): number | null {
  const b = parseDay(birth);
  const t = parseDay(today);
  if (!b || !t) return null;
  const beforeBirthday = t[1] < b[1] || (t[1] === b[1] && t[2] < b[2]);
  return t[0] - b[0] - (beforeBirthday ? 1 : 0);
}

/** The calendar day of `at` in an IANA time zone ('en-CA' formats as YYYY-MM-DD). */
export function dayIn(at: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * Whether a date of birth is acceptable for registration: a real day, not in the future, not more than
 * 120 years back, and at least `minAge` years before today. One rule for the form and the server.
 */
export function birthDateAccepted(birth: string, today: string, minAge: number): boolean {
  const age = ageOn(birth, today);
  return age !== null && age >= minAge && age <= 120 && birth <= today;
}
