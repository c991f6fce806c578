import { z } from 'zod';
import { calendarDay, ok } from './common';
import { noControl } from './content-ops';
import { signedAmountString } from './wallet';

// Reconciliation of a closed day with Hub88 and PayMongo (issue 52 items 2 and 3): each source's run,
// the breaks it found (both sides' amounts and statuses), and their resolution by finance.

export const RECON_SOURCES = ['hub88', 'paymongo'] as const;
export const RECON_BREAK_KINDS = [
  'only_theirs',
  'only_ours',
  'amount_differs',
  'status_differs',
  'refunded',
] as const;
export const RECON_RESOLUTIONS = ['credit', 'debit', 'explained'] as const;

export const reconRun = z.object({
  source: z.enum(RECON_SOURCES),
  status: z.enum(['running', 'done', 'failed']),
  /** Items read from the source, our items compared, pairs that agree, breaks found. */
  theirs: z.number().int(),
  ours: z.number().int(),
  matched: z.number().int(),
  breaks: z.number().int(),
  pages: z.number().int(),
  /** The provider's fees on the day's payments: the merchant's cost (0.00 for Hub88). */
  fees: signedAmountString,
  error: z.string().nullable(),
  runBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconRun = z.infer<typeof reconRun>;

export const reconBreak = z.object({
  id: z.string(),
  day: z.string(),
  source: z.enum(RECON_SOURCES),
  /** Their transaction or payment id; `deposit:<id>` for a deposit of ours they do not list. */
  ref: z.string(),
  kind: z.enum(RECON_BREAK_KINDS),
  round: z.string().nullable(),
  memberId: z.string().nullable(),
  theirAmount: signedAmountString.nullable(),
  ourAmount: signedAmountString.nullable(),
  theirStatus: z.string().nullable(),
  ourStatus: z.string().nullable(),
  /** What the member's wallet is owed (positive: a credit; negative: to take back). */
  owed: signedAmountString,
  status: z.enum(['open', 'resolved']),
  resolution: z.enum(RECON_RESOLUTIONS).nullable(),
  moved: signedAmountString.nullable(),
  transferId: z.string().nullable(),
  reason: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReconBreak = z.infer<typeof reconBreak>;

const storyItem = z.object({
  ref: z.string(),
  kind: z.string(),
  amount: signedAmountString,
  status: z.string(),
  at: z.string(),
});
export const reconBreakStory = z.object({
  break: reconBreak,
  /** The source's side (Hub88: the round's transactions as it lists them now). */
  theirs: z.array(storyItem),
  /** Our side: the wallet calls we received and what we answered (a deposit: its order). */
  calls: z.array(storyItem.extend({ answer: z.string() })),
  /** The ledger's legs of our side. */
  entries: z.array(
    z.object({
      transferId: z.string(),
      transferKind: z.string(),
      accountKind: z.string(),
      amount: signedAmountString,
      at: z.string(),
    }),
  ),
});
export type ReconBreakStory = z.infer<typeof reconBreakStory>;

// ---------------------------------------------------------------------------------------------
// The console: Finance → Daily close → a day's reconciliation, and the queue of breaks.
// ---------------------------------------------------------------------------------------------
export const RECON_PATHS = {
  day: '/ops/daily-close/:day/reconciliation',
  run: '/ops/daily-close/:day/reconcile',
  breaks: '/ops/reconciliation/breaks',
  break: '/ops/reconciliation/breaks/:id',
  resolve: '/ops/reconciliation/breaks/:id/resolve',
} as const;

export const reconDayParams = z.object({ day: calendarDay });
export const reconBreakParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'valid.id') });
export const reconBreaksQuery = z.object({ status: z.enum(['open', 'resolved']).optional() });
export const reconResolveBody = z.object({
  resolution: z.enum(RECON_RESOLUTIONS),
  reason: z.string().trim().min(3).max(200).refine(noControl),
});
export type ReconResolveBody = z.infer<typeof reconResolveBody>;

export const reconDayResponse = ok(z.object({ runs: z.array(reconRun), breaks: z.array(reconBreak) }));
export const reconBreaksResponse = ok(z.object({ list: z.array(reconBreak) }));
export const reconBreakResponse = ok(reconBreakStory);
export const reconResolveResponse = ok(reconBreak);
