// Zod-free rules of player protection (breaks, limits, reality check), for the web bundle:
// protection.ts re-exports them beside the API's schemas.

/**
 * Player protection (issue 22): a time-out (a short break) or a self-exclusion (a long one), taken by
 * the member or imposed by an operator. Neither can be lifted before its end; a permanent one never.
 */
export const EXCLUSION_PERIODS = [
  'timeout_24h',
  'timeout_7d',
  'timeout_6w',
  'exclusion_6m',
  'exclusion_1y',
  'exclusion_5y',
  'exclusion_permanent',
] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];
export type ExclusionKind = 'timeout' | 'self_exclusion';

export const kindOf = (p: ExclusionPeriod): ExclusionKind =>
  p.startsWith('timeout_') ? 'timeout' : 'self_exclusion';

/** When an exclusion taken at `from` ends (calendar months and years in UTC); null: never. */
export function exclusionEnd(p: ExclusionPeriod, from: Date): Date | null {
  const d = new Date(from.getTime());
  const HOUR = 3_600_000;
  switch (p) {
    case 'timeout_24h':
      return new Date(d.getTime() + 24 * HOUR);
    case 'timeout_7d':
      return new Date(d.getTime() + 7 * 24 * HOUR);
    case 'timeout_6w':
      return new Date(d.getTime() + 42 * 24 * HOUR);
    case 'exclusion_6m':
      d.setUTCMonth(d.getUTCMonth() + 6);
      return d;
    case 'exclusion_1y':
      d.setUTCFullYear(d.getUTCFullYear() + 1);
      return d;
    case 'exclusion_5y':
      d.setUTCFullYear(d.getUTCFullYear() + 5);
      return d;
    case 'exclusion_permanent':
      return null;
  }
}

/**
 * Limits (issue 22 item 1). Money limits over a rolling 24 hours, 7 days or 30 days: deposits (pending or
 * paid), wagers (stakes less refunds) and losses (stakes less wins and refunds). A session limit in
 * minutes ends each login session that long after it began. Setting or lowering a limit takes effect at
 * once; raising or removing one waits 24 hours and then needs the member's confirmation.
 */
export const LIMIT_SPANS = ['day', 'week', 'month'] as const;
export type LimitSpan = (typeof LIMIT_SPANS)[number];
export const LIMIT_SPAN_MS: Record<LimitSpan, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};
export const MONEY_LIMIT_KINDS = ['deposit', 'wager', 'loss'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
/** The kinds checked at every bet (the session limit too, though it is in minutes). */
export type PlayLimitKind = 'wager' | 'loss' | 'session';
/** A raise or a removal waits this long before the member may confirm it. */
export const LIMIT_COOLING_OFF_MS = 24 * 3_600_000;
/** The session lengths a member may choose, in minutes. */
export const SESSION_LIMIT_MINUTES = [30, 60, 120, 180, 240, 360] as const;

/** Reality check (issue 22 item 2): the intervals a member may choose, in minutes. */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;

/** The next reality check after `elapsedMs` of session time: the next whole multiple of the interval. */
export function nextRealityCheckMs(elapsedMs: number, intervalMinutes: number): number {
  const every = intervalMinutes * 60_000;
  return (Math.floor(elapsedMs / every) + 1) * every;
}
