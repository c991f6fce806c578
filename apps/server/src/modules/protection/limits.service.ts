import { formatAmount } from '@panalo/contract/money';
import { LIMIT_SPAN_MS, LIMIT_SPANS, type DepositLimit, type LimitSpan } from '@panalo/contract/protection';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { confirmLimit, limitRoom, requestLimit, type LimitState } from './limits';

const COUNTED = ['pending', 'paid'] as const;

/** Deposits that count against a limit: pending or paid, within the longest span, oldest first. */
async function countedDeposits(db: Database, merchantId: number, memberId: bigint, since: Date) {
  const rows = await db
    .selectFrom('deposit_order')
    .select(['amount', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', 'in', COUNTED)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ at: r.created_at, amount: r.amount }));
}

const stateOf = (r: { amount: bigint | null; pending_amount: bigint | null; pending_from: Date | null }) => ({
  amount: r.amount,
  pendingAmount: r.pending_amount,
  pendingFrom: r.pending_from,
});

/** A member's deposit limits: reading, changing, confirming, and the check every deposit passes. */
export function limitsService(db: Database, clock: Clock) {
  async function rows(merchantId: number, memberId: bigint) {
    return db
      .selectFrom('protection_limit')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('kind', '=', 'deposit')
      .execute();
  }

  async function save(merchantId: number, memberId: bigint, span: LimitSpan, s: LimitState) {
    if (s.amount === null && s.pendingFrom === null) {
      await db
        .deleteFrom('protection_limit')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'deposit')
        .where('span', '=', span)
        .execute();
      return;
    }
    const values = {
      amount: s.amount,
      pending_amount: s.pendingAmount,
      pending_from: s.pendingFrom,
      updated_at: clock.now(),
    };
    await db
      .insertInto('protection_limit')
      .values({ merchant_id: merchantId, member_id: memberId, kind: 'deposit', span, ...values })
      .onConflict((oc) => oc.columns(['member_id', 'kind', 'span']).doUpdateSet(values))
      .execute();
  }

  const service = {
    async list(merchantId: number, memberId: bigint): Promise<DepositLimit[]> {
      const now = clock.now();
      const stored = await rows(merchantId, memberId);
      const counted = await countedDeposits(
        db,
        merchantId,
        memberId,
        new Date(now.getTime() - LIMIT_SPAN_MS.month),
      );
      return LIMIT_SPANS.map((span) => {
        const r = stored.find((x) => x.span === span);
        const since = now.getTime() - LIMIT_SPAN_MS[span];
        const used = counted.filter((c) => c.at.getTime() > since).reduce((s, c) => s + c.amount, 0n);
        return {
          span,
          amount: r?.amount != null ? formatAmount(r.amount) : null,
          used: formatAmount(used),
          pending:
            r?.pending_from != null
              ? {
                  amount: r.pending_amount != null ? formatAmount(r.pending_amount) : null,
                  from: r.pending_from.toISOString(),
                }
              : null,
        };
      });
    },

    async set(merchantId: number, memberId: bigint, span: LimitSpan, amount: bigint | null) {
      const current = (await rows(merchantId, memberId)).find((r) => r.span === span);
      await save(
        merchantId,
        memberId,
        span,
        requestLimit(current ? stateOf(current) : null, amount, clock.now()),
      );
      return service.list(merchantId, memberId);
    },

    async confirm(merchantId: number, memberId: bigint, span: LimitSpan) {
      const current = (await rows(merchantId, memberId)).find((r) => r.span === span);
      if (!current) throw new DomainError('limit_nothing_pending', 409, 'No limit change is waiting');
      await save(merchantId, memberId, span, confirmLimit(stateOf(current), clock.now()));
      return service.list(merchantId, memberId);
    },
  };
  return service;
}

/**
 * Inside a deposit's transaction: refuses it (409 deposit_limit_reached, with the limit, the span and
 * when enough room comes back) if it would take the member over a limit in force. The member's row is
 * locked first, so that concurrent deposits are counted one after another and a burst cannot pass.
 */
export async function checkDepositLimits(
  trx: Database,
  o: { merchantId: number; memberId: bigint; amount: bigint; now: Date },
): Promise<void> {
  const limits = await trx
    .selectFrom('protection_limit')
    .select(['span', 'amount'])
    .where('merchant_id', '=', o.merchantId)
    .where('member_id', '=', o.memberId)
    .where('kind', '=', 'deposit')
    .where('amount', 'is not', null)
    .execute();
  if (limits.length === 0) return;
  await trx.selectFrom('member').select('id').where('id', '=', o.memberId).forUpdate().execute();
  const counted = await countedDeposits(
    trx,
    o.merchantId,
    o.memberId,
    new Date(o.now.getTime() - LIMIT_SPAN_MS.month),
  );
  for (const l of limits) {
    const spanMs = LIMIT_SPAN_MS[l.span];
    const inSpan = counted.filter((c) => c.at.getTime() > o.now.getTime() - spanMs);
    const room = limitRoom(l.amount!, inSpan, o.amount, spanMs);
    if (!room.fits) {
      throw new DomainError('deposit_limit_reached', 409, 'This deposit would pass your deposit limit', {
        span: l.span,
        limit: formatAmount(l.amount!),
        used: formatAmount(inSpan.reduce((s, c) => s + c.amount, 0n)),
        resetsAt: room.resetsAt?.toISOString() ?? null,
      });
    }
  }
}
