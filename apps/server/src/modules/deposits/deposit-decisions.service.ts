import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { runIdempotent } from '../wallet/idempotency';
import { creditDeposit } from './deposit-credit';
import { toOpsDeposit } from './deposit-dto';
import { depositsRepository } from './deposits.repository';

const notFound = () => new DomainError('deposit_not_found', 404, 'Deposit not found');
const notPending = () => new DomainError('deposit_not_pending', 409, 'This deposit was already decided');

/**
 * An operator's decision on a bank-transfer deposit of their merchant: approve credits it as a paid
 * callback would, reject closes it with a reason; both audited in the same transaction, once per key.
 */
export async function decideDeposit(
  db: Database,
  clock: Clock,
  o: {
    merchantId: number;
    operatorId: bigint;
    orderId: bigint;
    decision: 'approve' | 'reject';
    reason: string | undefined;
    idempotencyKey: string;
  },
) {
  if (o.decision === 'reject' && !o.reason) {
    throw new DomainError('deposit_reason_required', 400, 'Give a reason for the rejection');
  }
  return runIdempotent(
    db,
    {
      merchantId: o.merchantId,
      scope: `ops.deposit.${o.decision}`,
      key: o.idempotencyKey,
      request: { orderId: o.orderId, reason: o.reason ?? null },
    },
    async (trx) => {
      const repo = depositsRepository(trx);
      const at = clock.now();
      const actor = `operator:${o.operatorId}`;
      const order = await repo.find(o.merchantId, o.orderId);
      if (!order) throw notFound();
      if (order.kind !== 'bank_transfer') {
        throw new DomainError('deposit_not_manual', 409, 'Only bank transfers are decided by an operator');
      }
      const decided = await repo.transition(order.id, [{ status: 'pending' }], {
        status: o.decision === 'approve' ? 'paid' : 'rejected',
        decidedBy: actor,
        reason: o.reason ?? null,
        at,
      });
      if (!decided) throw notPending();
      const transferId = o.decision === 'approve' ? await creditDeposit(trx, decided, { actor, at }) : null;
      await audit(trx, {
        merchantId: o.merchantId,
        actor,
        action: `deposit.${o.decision}`,
        target: `deposit:${order.id}`,
        details: {
          memberId: order.member_id,
          amount: order.amount,
          bonus: order.bonus_amount,
          reason: o.reason ?? null,
          transferId,
        },
        at,
      });
      const member = await repo.memberUsername(order.member_id);
      const fresh = (await repo.find(o.merchantId, order.id)) ?? decided;
      return { status: 200, body: { success: true as const, value: toOpsDeposit({ ...fresh, ...member }) } };
    },
  );
}
