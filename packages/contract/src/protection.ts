import { z } from 'zod';
import { ok } from './common';

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
export const exclusionPeriod = z.enum(EXCLUSION_PERIODS);
export type ExclusionPeriod = z.infer<typeof exclusionPeriod>;
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

/** The member's own request (the login password confirms it: it cannot be undone). */
export const exclusionRequest = z.object({
  period: exclusionPeriod,
  password: z.string().min(1).max(128),
});
export const exclusionValue = z.object({
  kind: z.enum(['timeout', 'self_exclusion']),
  /** ISO instant the exclusion ends; null when permanent. */
  until: z.string().nullable(),
});
export type ExclusionValue = z.infer<typeof exclusionValue>;
export const exclusionResponse = ok(exclusionValue);

/** An operator's exclusion of a member (with the reason, audited). */
export const opsExclusionRequest = z.object({
  username: z.string().min(1).max(32),
  period: exclusionPeriod,
  reason: z.string().trim().min(3).max(500),
});

/**
 * Limits (issue 22 item 1). Money limits over a rolling 24 hours, 7 days or 30 days: deposits (pending or
 * paid), wagers (stakes less refunds) and losses (stakes less wins and refunds). A session limit in
 * minutes ends each login session that long after it began. Setting or lowering a limit takes effect at
 * once; raising or removing one waits 24 hours and then needs the member's confirmation.
 */
export const LIMIT_SPANS = ['day', 'week', 'month'] as const;
export const limitSpan = z.enum(LIMIT_SPANS);
export type LimitSpan = z.infer<typeof limitSpan>;
export const LIMIT_SPAN_MS: Record<LimitSpan, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};
export const MONEY_LIMIT_KINDS = ['deposit', 'wager', 'loss'] as const;
export const moneyLimitKind = z.enum(MONEY_LIMIT_KINDS);
export type MoneyLimitKind = z.infer<typeof moneyLimitKind>;
/** The kinds checked at every bet (the session limit too, though it is in minutes). */
export type PlayLimitKind = 'wager' | 'loss' | 'session';
/** A raise or a removal waits this long before the member may confirm it. */
export const LIMIT_COOLING_OFF_MS = 24 * 3_600_000;
/** The session lengths a member may choose, in minutes. */
export const SESSION_LIMIT_MINUTES = [30, 60, 120, 180, 240, 360] as const;
export const sessionLimitMinutes = z.literal(SESSION_LIMIT_MINUTES);

const money = z.string().regex(/^(0|[1-9]\d{0,12})(\.\d{1,2})?$/, 'amount');
export const moneyLimit = z.object({
  kind: moneyLimitKind,
  span: limitSpan,
  /** The limit in force; null when none. */
  amount: money.nullable(),
  /** Counted within the span up to now (a net loss below zero, a profit, shows as 0). */
  used: money,
  /** A raise or removal waiting: the new amount (null = removal) and when it may be confirmed. */
  pending: z.object({ amount: money.nullable(), from: z.string() }).nullable(),
});
export type MoneyLimit = z.infer<typeof moneyLimit>;
export const sessionLimit = z.object({
  minutes: z.number().int().positive().nullable(),
  pending: z.object({ minutes: z.number().int().positive().nullable(), from: z.string() }).nullable(),
});
export type SessionLimit = z.infer<typeof sessionLimit>;
export const limitsResponse = ok(z.object({ limits: z.array(moneyLimit), session: sessionLimit }));
export type Limits = { limits: MoneyLimit[]; session: SessionLimit };
export const setLimitRequest = z.object({
  kind: moneyLimitKind.default('deposit'),
  span: limitSpan,
  amount: money.nullable(),
});
export const confirmLimitRequest = z.object({ kind: moneyLimitKind.default('deposit'), span: limitSpan });
export const setSessionLimitRequest = z.object({ minutes: sessionLimitMinutes.nullable() });

/**
 * Reality check (issue 22 item 2): every N minutes of a session (the member's choice; off by default)
 * the site shows the time played and the net result of play since the session began, with continue or
 * stop. The session is the login's (shared by every tab), timed by the server.
 */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export const realityCheckInterval = z.union([z.literal(15), z.literal(30), z.literal(60)]).nullable();
export const realityCheck = z.object({
  intervalMinutes: realityCheckInterval,
  /** When this session began (its login), ISO. */
  sessionStartedAt: z.string(),
  /** The server's now, ISO: the client times the next check from these two. */
  now: z.string(),
  /** Wins minus stakes (rollbacks and refunds counted back) since the session began. */
  netResult: z.string().regex(/^-?(0|[1-9]\d{0,12})\.\d{2}$/),
});
export type RealityCheck = z.infer<typeof realityCheck>;
export const realityCheckResponse = ok(realityCheck);
export const setRealityCheckRequest = z.object({ intervalMinutes: realityCheckInterval });

/** The next reality check after `elapsedMs` of session time: the next whole multiple of the interval. */
export function nextRealityCheckMs(elapsedMs: number, intervalMinutes: number): number {
  const every = intervalMinutes * 60_000;
  return (Math.floor(elapsedMs / every) + 1) * every;
}

/** The member's own play, day by day (issue 22 item 5): the last 30 days in the merchant's time zone. */
export const playDay = z.object({
  day: z.string(),
  /** Deposits paid that day. */
  deposits: z.string(),
  /** Wins minus stakes that day (negative: a loss). */
  net: z.string(),
  /** Minutes signed in: each session from its login to its last sign of life, on the day it began. */
  minutes: z.number().int().nonnegative(),
});
export type PlayDay = z.infer<typeof playDay>;
export const playHistoryResponse = ok(z.object({ days: z.array(playDay) }));
