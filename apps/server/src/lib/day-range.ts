import { DomainError } from './domain-error';

// Day ranges of the reports and records every module shows (shared: the records module, agency, games,
// promotions and contracts read them alike).

/** The merchant's reporting time zone: settings.timeZone when set and valid, else UTC. */
export function merchantTimeZone(merchant: { settings: unknown }): string {
  const tz = (merchant.settings as { timeZone?: unknown } | null)?.timeZone;
  if (typeof tz !== 'string') return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Whole days from..to inclusive; refuses a reversed range (and, with a limit, one that is too long). */
export function checkDayRange(from: string | undefined, to: string | undefined, maxDays?: number) {
  if (from && to && from > to) {
    throw new DomainError('date_range_invalid', 400, 'The start date is after the end date');
  }
  if (maxDays !== undefined && from && to && dayNumber(to) - dayNumber(from) + 1 > maxDays) {
    throw new DomainError('range_too_long', 400, `Choose a period of at most ${maxDays} days`, { maxDays });
  }
}
