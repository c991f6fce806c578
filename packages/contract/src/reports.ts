import { z } from 'zod';
import { calendarDay, ok } from './common';
import { REPORT_GROUPS } from './report-rules';
import { signedAmountString } from './wallet';

// The console's reports (issue 20 screen 9): profit and loss over any range of the merchant's reporting
// days, from the daily aggregates (merchant_day, merchant_players, game_day), by day, product group,
// vendor or game; as a table and as CSV made on the server.

export { REPORT_EXPORT_PATH, REPORT_GROUPS, REPORT_MAX_DAYS, REPORT_PATH } from './report-rules';
export type { ReportGroup } from './report-rules';

export const reportQuery = z.object({
  from: z.iso
    .date()
    .optional()
    .describe('YYYY-MM-DD, inclusive (merchant time zone); 29 days before to by default'),
  to: calendarDay.optional().describe('YYYY-MM-DD, inclusive; the merchant’s today by default'),
  by: z.enum(REPORT_GROUPS).default('day'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/**
 * One line of the report. Play figures are on every line; the cashier, promotion and commission
 * figures and the player counts only where they are kept (by day and by product group: wallet games'
 * days hold play only), null elsewhere.
 */
export const reportRow = z.object({
  /** The day, the product group, the vendor's code or the game's code. */
  key: z.string(),
  /** What the console shows for the key: the game's or the vendor's name ('' by day and product). */
  name: z.string(),
  /** The game's catalogue vendor (by game only). */
  vendor: z.string().nullable(),
  bets: z.number().int(),
  /** Stakes less refunds. */
  turnover: signedAmountString,
  wins: signedAmountString,
  /** Turnover less wins. */
  ggr: signedAmountString,
  bonuses: signedAmountString.nullable(),
  rebates: signedAmountString.nullable(),
  /** GGR less bonuses, rebates and commissions (figures.ts houseFigures). */
  ngr: signedAmountString.nullable(),
  commissions: signedAmountString.nullable(),
  deposits: signedAmountString.nullable(),
  depositCount: z.number().int().nullable(),
  firstDeposits: z.number().int().nullable(),
  withdrawals: signedAmountString.nullable(),
  withdrawalCount: z.number().int().nullable(),
  /** Members who bet that day (by day only). */
  players: z.number().int().nullable(),
  /** New players and agents that day (by day only). */
  registrations: z.number().int().nullable(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const report = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_GROUPS),
  timeZone: z.string(),
  /** The merchant's local day now (the console's quick ranges end on it). */
  today: z.string(),
  /** By day: every day of the range, oldest first; otherwise highest turnover first. */
  rows: z.array(reportRow),
  /** The range's sums (players: null, a member counts on each day it played). */
  total: reportRow,
});
export type Report = z.infer<typeof report>;
export const reportResponse = ok(report);
