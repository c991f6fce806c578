import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import type { PaymentEvent } from '../payments/adapter';
import { creditDeposit } from './deposit-credit';
import { EXPIRED_REASON } from './deposit-expiry';
import { depositsRepository } from './deposits.repository';
import { inTransaction } from '../../db/transaction';

export type CallbackOutcome = 'credited' | 'rejected' | 'flagged' | 'ignored' | 'unknown_order' | 'duplicate';

/** The reason an order failed by its provider carries; a later 'paid' from the provider still wins. */
export const PROVIDER_FAILED = 'provider_failed';
export const AMOUNT_MISMATCH = 'amount_mismatch';

/**
 * Applies one verified provider event, in one transaction. The event is recorded first by
 * (provider, event id): a duplicate (even a concurrent one, which waits on that row) changes nothing.
 * 'paid' credits a pending order (or one an earlier 'failed' from the provider closed, since events
 * arrive out of order and the provider's 'paid' means it holds the money); a 'failed' after 'paid' is
 * only logged; an amount or currency that differs from the order flags it for an operator, uncredited.
 */
export async function applyPaymentEvent(
  db: Database,
  clock: Clock,
  o: { merchantId: number; provider: string; event: PaymentEvent },
): Promise<CallbackOutcome> {
  const { event, provider } = o;
  return inTransaction(db, 'deposit-callback.service.applyPaymentEvent', async (trx) => {
    const repo = depositsRepository(trx);
    const at = clock.now();
    const found = await repo.findByProviderRef(o.merchantId, provider, event.providerRef);
    const order = found && String(found.id) === event.orderId ? found : undefined;
    const payload = {
      ...event,
      amount: event.amount.toString(),
      outcome: null as CallbackOutcome | null,
    };
    const recorded = await repo.recordPaymentEvent({
      provider,
      eventId: event.eventId,
      merchantId: o.merchantId,
      orderId: order?.id ?? null,
      payload: JSON.stringify(payload),
      receivedAt: at,
    });
    if (!recorded) return 'duplicate';

    const outcome = await (async (): Promise<CallbackOutcome> => {
      if (!order) return 'unknown_order';
      const actor = `provider:${provider}`;
      if (event.status === 'failed') {
        const closed = await repo.transition(order.id, [{ status: 'pending' }], {
          status: 'rejected',
          decidedBy: actor,
          reason: PROVIDER_FAILED,
          at,
        });
        return closed ? 'rejected' : 'ignored';
      }
      // A payment the provider reports as done is credited even if we had given up on it: refused by the
      // provider earlier, or expired while the member paid late (deposit-expiry.ts).
      const reopenable = [
        { status: 'pending' as const },
        { status: 'rejected' as const, reason: PROVIDER_FAILED },
        { status: 'expired' as const, reason: EXPIRED_REASON },
      ];
      if (event.amount !== order.amount || event.currency !== order.currency) {
        const flagged = await repo.transition(order.id, reopenable, {
          status: 'rejected',
          decidedBy: actor,
          reason: AMOUNT_MISMATCH,
          at,
        });
        if (flagged) {
          await audit(trx, {
            merchantId: o.merchantId,
            actor,
            action: 'deposit.amount_mismatch',
            target: `deposit:${order.id}`,
            details: {
              expected: order.amount,
              reported: event.amount,
              currency: event.currency,
              eventId: event.eventId,
            },
            at,
          });
        }
        return flagged ? 'flagged' : 'ignored';
      }
      const paid = await repo.transition(order.id, reopenable, { status: 'paid', decidedBy: actor, at });
      if (!paid) return 'ignored';
      await creditDeposit(trx, paid, { actor, at });
      return 'credited';
    })();

    await repo.setPaymentEventPayload(provider, event.eventId, JSON.stringify({ ...payload, outcome }));
    return outcome;
  });
}
