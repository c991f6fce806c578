import { z } from 'zod';
import { ok } from './common';
import { EXCLUSION_PERIODS, LIMIT_SPANS, MONEY_LIMIT_KINDS, SESSION_LIMIT_MINUTES } from './protection-rules';

export * from './protection-rules';

export const exclusionPeriod = z.enum(EXCLUSION_PERIODS);

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

export const limitSpan = z.enum(LIMIT_SPANS);
export const moneyLimitKind = z.enum(MONEY_LIMIT_KINDS);
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
