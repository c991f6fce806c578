import { z } from 'zod';
import { calendarDay, ok } from './common';
import { signedAmountString } from './wallet';

// The daily close (issue 52 item 1): one merchant's reporting day frozen as a sheet that balances —
// every liability's opening + the day's movements = its closing, read two ways (the entries' sums and
// the accounts' running balances), and the ledger's figures = the figures the reports keep — or is
// marked broken with the differences and the accounts that explain them.

export const DAILY_CLOSE_STATUSES = ['balanced', 'broken'] as const;

/** One kind of liability (member wallets, pending withdrawals, holds) over the day. */
export const closeBalance = z.object({
  kind: z.string(),
  accounts: z.number().int(),
  opening: signedAmountString,
  movements: signedAmountString,
  closing: signedAmountString,
  /** The same closing read from each account's running balance. */
  closingByAccounts: signedAmountString,
  /** (opening and closing by the entries) − (the same by the running balances): 0.00 when they agree. */
  difference: signedAmountString,
  /** Accounts whose running balance disagrees with their entries (ids, at most 50). */
  drifted: z.array(z.string()),
});
export const closeMovement = z.object({
  transferKind: z.string(),
  accountKind: z.string(),
  amount: signedAmountString,
  entries: z.number().int(),
});
/** One figure of the reports: the ledger's count and the kept one. */
export const closeFigure = z.object({
  figure: z.string(),
  ledger: signedAmountString,
  kept: signedAmountString,
  difference: signedAmountString,
});
export const closeGgr = z.object({
  key: z.string(),
  bets: signedAmountString,
  wins: signedAmountString,
  ggr: signedAmountString,
});
export const dailyCloseSheet = z.object({
  balances: z.array(closeBalance),
  movements: z.array(closeMovement),
  figures: z.array(closeFigure),
  /**
   * Bets, wins and GGR by product group (as the reports keep them), and by the game integration the
   * money settles with (the ledger: PSIM, HUB88, PNL for the seamless wallet's rounds; LOTT).
   */
  byProduct: z.array(closeGgr),
  byVendor: z.array(closeGgr),
  /**
   * Members whose players' money was below zero at the day's end (ids, at most 50): the day is broken
   * and no proof of liabilities is published for it.
   */
  negativeMembers: z.array(z.string()).default([]),
});
export type DailyCloseSheet = z.infer<typeof dailyCloseSheet>;

export const dailyClose = z.object({
  day: z.string(),
  currency: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(DAILY_CLOSE_STATUSES),
  /** The sum of the sheet's differences (0.00 when balanced). */
  difference: signedAmountString,
  sheet: dailyCloseSheet,
  runBy: z.string(),
  createdAt: z.string(),
  signedBy: z.string().nullable(),
  signedAt: z.string().nullable(),
});
export type DailyClose = z.infer<typeof dailyClose>;

// ---------------------------------------------------------------------------------------------
// The console: Finance → Daily close (read with `reports`, signed with `close.sign`).
// ---------------------------------------------------------------------------------------------
export const DAILY_CLOSE_PATHS = {
  list: '/ops/daily-close',
  day: '/ops/daily-close/:day',
  csv: '/ops/daily-close/:day/csv',
  sign: '/ops/daily-close/:day/sign',
} as const;
/** The longest span the list answers at once, in days. */
export const DAILY_CLOSE_MAX_DAYS = 92;

export const dailyCloseListQuery = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'valid.date_order' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < DAILY_CLOSE_MAX_DAYS, {
    path: ['from'],
    message: 'valid.date_span',
  });
export const dailyCloseDayParams = z.object({ day: calendarDay });
export const dailyCloseSummary = dailyClose.omit({ sheet: true });
export type DailyCloseSummary = z.infer<typeof dailyCloseSummary>;
export const dailyCloseListResponse = ok(z.object({ list: z.array(dailyCloseSummary) }));
export const dailyCloseResponse = ok(dailyClose);
