import { z } from 'zod';
import { calendarDay, ok } from './common';
import { amountString, signedAmountString } from './wallet';

// Game records (route /m/gameRecord): the member's game rounds, newest first, from every vendor that
// plays on the seamless wallet. A round sums its bets, wins and refunds; net = win + refund − bet.

const lang = z
  .string()
  .regex(/^[A-Za-z_]{2,8}$/, 'language')
  .transform((s) => s.toUpperCase());

export const gameRecordsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** A game category (spec §1: SPORTS, LIVE, RNG, FISH…); none = every category. */
  gameType: z
    .string()
    .regex(/^[A-Z]{2,12}$/, 'gameType')
    .optional(),
  from: calendarDay.optional().describe('YYYY-MM-DD, inclusive (merchant time zone)'),
  to: calendarDay.optional().describe('YYYY-MM-DD, inclusive (merchant time zone)'),
  language: lang.optional(),
});
export type GameRecordsQuery = z.infer<typeof gameRecordsQuery>;

export const gameRecord = z.object({
  /** Our id of the round. */
  id: z.string().regex(/^\d{1,19}$/),
  /** The vendor's id of the round. */
  roundId: z.string(),
  /** The catalogue game (null when the vendor played a game the catalogue no longer lists). */
  nodeId: z.string().nullable(),
  gameName: z.string(),
  vassalage: z.string().nullable(),
  gameType: z.string().nullable(),
  bet: amountString,
  win: amountString,
  refund: amountString,
  net: signedAmountString,
  status: z.enum(['open', 'closed']),
  startedAt: z.string().describe('ISO 8601'),
  endedAt: z.string().nullable().describe('ISO 8601'),
});
export type GameRecord = z.infer<typeof gameRecord>;

export const gameRecordTotals = z.object({
  bet: amountString,
  win: amountString,
  net: signedAmountString,
});

export const gameRecordsResponse = ok(
  z.object({
    list: z.array(gameRecord),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    /** Over every round of the filter, not only this page. */
    totals: gameRecordTotals,
  }),
);
export type GameRecordsReply = z.infer<typeof gameRecordsResponse>['value'];
