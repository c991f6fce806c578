import { formatAmount } from '@panalo/contract/money';
import type { ReconBreak, ReconRun } from '@panalo/contract/reconciliation';
import type { ReconSource } from '../../db/schema';
import type { reconciliationRepository } from './reconciliation.repository';

// Reconciliation's rows as the API shows them, and what a break owes the member.

export type BreakRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof reconciliationRepository>['findBreak']>>
>;
type RunRow = Awaited<ReturnType<ReturnType<typeof reconciliationRepository>['runs']>>[number];

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const amount = (v: bigint | null) => (v === null ? null : formatAmount(v));

/**
 * What the member's wallet is owed by a break, minor units (positive: credit them; negative: take it
 * back): the outside party's effect on their money less ours. A Hub88 bet takes, a win pays; a PayMongo
 * payment pays, its refund takes back.
 */
export function owedOf(b: {
  source: ReconSource;
  kind: string;
  their_amount: bigint | null;
  our_amount: bigint | null;
  their_status: string | null;
  our_status: string | null;
  theirs: unknown;
  ours: unknown;
}): bigint {
  const their = b.their_amount ?? 0n;
  const our = b.our_amount ?? 0n;
  if (b.source === 'paymongo') {
    if (b.kind === 'refunded') return -our;
    return (b.kind === 'only_ours' ? 0n : their) - (b.kind === 'only_theirs' ? 0n : our);
  }
  const type =
    (b.theirs as { type?: string } | null)?.type ?? (b.ours as { kind?: string } | null)?.kind ?? '';
  const sign = type === 'bet' ? -1n : type === 'win' ? 1n : 0n;
  const theirsApplied = b.their_status === 'TS_SUCCESS' ? their : 0n;
  const oursApplied = b.our_status === 'applied' ? our : 0n;
  return sign * (theirsApplied - oursApplied);
}

export function breakOf(r: BreakRow): ReconBreak {
  return {
    id: r.id.toString(),
    day: r.day_text,
    source: r.source,
    ref: r.ref,
    kind: r.kind,
    round: r.round,
    memberId: r.member_id?.toString() ?? null,
    theirAmount: amount(r.their_amount),
    ourAmount: amount(r.our_amount),
    theirStatus: r.their_status,
    ourStatus: r.our_status,
    owed: formatAmount(owedOf(r)),
    status: r.status,
    resolution: r.resolution,
    moved: amount(r.moved),
    transferId: r.transfer_id?.toString() ?? null,
    reason: r.reason,
    resolvedBy: r.resolved_by,
    resolvedAt: iso(r.resolved_at),
    createdAt: iso(r.created_at)!,
  };
}

export const runOf = (r: RunRow): ReconRun => ({
  source: r.source,
  status: r.status,
  theirs: r.theirs,
  ours: r.ours,
  matched: r.matched,
  breaks: r.breaks,
  pages: r.pages,
  fees: formatAmount(r.fees),
  error: r.error,
  runBy: r.run_by,
  startedAt: iso(r.started_at)!,
  finishedAt: iso(r.finished_at),
});

export function storedTheirs(row: BreakRow) {
  const t = row.theirs as {
    type?: string;
    payment?: string;
    amount?: string;
    status?: string;
    statuses?: string;
    at?: string;
  };
  return {
    ref: row.ref,
    kind: t.type ?? 'payment',
    amount: formatAmount(BigInt(t.amount ?? '0')),
    status: t.status ?? t.statuses ?? '',
    at: t.at ? new Date(t.at).toISOString() : '',
  };
}

export function entryOf(e: {
  transfer_id: bigint;
  transfer_kind: string;
  account_kind: string;
  amount: bigint;
  created_at: Date;
}) {
  return {
    transferId: e.transfer_id.toString(),
    transferKind: e.transfer_kind,
    accountKind: e.account_kind,
    amount: formatAmount(e.amount),
    at: new Date(e.created_at).toISOString(),
  };
}
