import type { ApprovalCarriers } from '../approvals/approvals.routes';
import type { withdrawalsService } from './withdrawals.service';

/** Carries out an approved withdrawal payment: paid as the maker decided it, with the approval's claim. */
export const withdrawalCarrier =
  (withdrawals: ReturnType<typeof withdrawalsService>): ApprovalCarriers['withdrawal'] =>
  (c, w) =>
    withdrawals.decide(
      {
        merchantId: c.merchantId,
        operatorId: c.makerId,
        id: BigInt(w.id),
        decision: 'approve',
        reason: null,
        within: c.within,
      },
      c.key,
    );
