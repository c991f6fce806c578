import { z } from 'zod';
import { dbIdString, ok } from './common';
import { limitSpan, moneyLimitKind, sessionLimitMinutes } from './protection';
import { amountString, signedAmountString } from './wallet';

// The operator console's member search and member profile (issue 20 screen 3).

export const OPS_MEMBER_PATHS = {
  search: '/ops/members',
  one: '/ops/members/:id',
  lock: '/ops/members/:id/lock',
  endSessions: '/ops/members/:id/sessions/end',
  /** GET: the member's latest lottery bets, game rounds, bonuses and turnover requirements. */
  activity: '/ops/members/:id/activity',
  /** GET the staff's notes on the member, newest first; POST one more. */
  notes: '/ops/members/:id/notes',
  /** POST: a temporary password, shown once; the member changes it at the next sign-in. */
  resetPassword: '/ops/members/:id/password/reset',
  /** GET the member's limits (as the member reads them); PUT one set or lowered by staff. */
  limits: '/ops/members/:id/limits',
} as const;

export const MEMBER_SEARCH_BY = ['username', 'mobile', 'name', 'card', 'ip', 'device'] as const;
export const memberSearchQuery = z.object({
  by: z.enum(MEMBER_SEARCH_BY).default('username'),
  q: z.string().trim().min(1).max(64),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MemberSearchBy = (typeof MEMBER_SEARCH_BY)[number];

export const opsMemberRow = z.object({
  id: dbIdString,
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  status: z.enum(['active', 'disabled', 'self_excluded']),
  vipLevel: z.number().int(),
  balance: signedAmountString,
  upline: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type OpsMemberRow = z.infer<typeof opsMemberRow>;
export const memberSearchResponse = ok(
  z.object({ list: z.array(opsMemberRow), total: z.number().int(), totalPages: z.number().int() }),
);

export const opsMemberDetail = opsMemberRow.extend({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  payeeName: z.string().nullable(),
  registerIp: z.string().nullable(),
  exclusion: z.object({ kind: z.string(), until: z.string().nullable() }).nullable(),
  cashier: z.object({
    deposits: signedAmountString,
    depositCount: z.number().int(),
    withdrawals: signedAmountString,
    withdrawalCount: z.number().int(),
    pendingWithdrawals: z.number().int(),
  }),
  /** Other accounts of the merchant sharing the registration address, a device, the payee name or a card. */
  linked: z.array(z.object({ id: dbIdString, username: z.string(), via: z.array(z.string()) })),
  sessions: z.array(
    z.object({
      ip: z.string().nullable(),
      device: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string().nullable(),
      live: z.boolean(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: dbIdString,
      kind: z.string(),
      amount: signedAmountString,
      balanceAfter: signedAmountString.nullable(),
      memo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type OpsMemberDetail = z.infer<typeof opsMemberDetail>;
export const memberDetailResponse = ok(opsMemberDetail);
export const memberIdParams = z.object({ id: dbIdString });
export const memberLockRequest = z.object({ locked: z.boolean(), reason: z.string().trim().min(3).max(200) });
export const memberEndSessionsRequest = z.object({ reason: z.string().trim().min(3).max(200) });

// The member's play and bonuses (the latest of each), the staff's notes, a password reset.
const latest = <T extends z.ZodType>(item: T) => z.array(item).describe('newest first, at most 50');
export const opsMemberActivity = z.object({
  lottery: latest(
    z.object({
      id: dbIdString,
      gameCode: z.string(),
      numero: z.string(),
      betType: z.string(),
      selection: z.string(),
      stake: amountString,
      payout: amountString,
      status: z.string(),
      book: z.string(),
      createdAt: z.string(),
    }),
  ),
  rounds: latest(
    z.object({
      id: dbIdString,
      vendor: z.string(),
      gameCode: z.string().nullable(),
      bet: amountString,
      win: amountString,
      refund: amountString,
      status: z.string(),
      book: z.string(),
      startedAt: z.string(),
    }),
  ),
  bonuses: latest(
    z.object({
      id: dbIdString,
      promotion: z.string(),
      status: z.string(),
      amount: amountString,
      createdAt: z.string(),
    }),
  ),
  turnover: latest(
    z.object({
      id: dbIdString,
      source: z.string(),
      required: amountString,
      done: amountString,
      state: z.enum(['open', 'met', 'forfeited']),
      createdAt: z.string(),
    }),
  ),
});
export type OpsMemberActivity = z.infer<typeof opsMemberActivity>;
export const memberActivityResponse = ok(opsMemberActivity);

export const memberNote = z.object({
  id: dbIdString,
  staff: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type MemberNote = z.infer<typeof memberNote>;
export const memberNotesResponse = ok(z.array(memberNote));
export const memberNoteRequest = z.object({ body: z.string().trim().min(1).max(2000) }).strict();
export const memberNoteResponse = ok(memberNote);
export const memberPasswordResetRequest = z.object({ reason: z.string().trim().min(3).max(200) }).strict();
export const memberPasswordResetResponse = ok(
  z.object({
    temporaryPassword: z.string().describe('shown once; the member changes it at the next sign-in'),
  }),
);

/**
 * A limit staff set on the member's behalf: a money limit (positive amount) or the session limit. Set or
 * lower only — raising or removing stays the member's own choice, with its cooling-off.
 */
const limitReason = z.string().trim().min(3).max(200);
export const memberLimitRequest = z.union([
  z
    .object({
      kind: moneyLimitKind,
      span: limitSpan,
      amount: amountString.refine((v) => /[1-9]/.test(v), 'amount'),
      reason: limitReason,
    })
    .strict(),
  z.object({ kind: z.literal('session'), minutes: sessionLimitMinutes, reason: limitReason }).strict(),
]);
export type MemberLimitRequest = z.infer<typeof memberLimitRequest>;
