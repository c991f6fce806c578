import type { ApprovalCarriers } from '../approvals/approvals.routes';
import { signedAmount } from '../wallet/money-request';
import type { opsService } from './ops.service';

/** Carries out an approved balance adjustment: the maker's, with the approval's key and claim. */
export const adjustmentCarrier =
  (ops: ReturnType<typeof opsService>): ApprovalCarriers['adjustment'] =>
  (c, a) =>
    ops.adjust({
      merchantId: c.merchantId,
      currency: c.currency,
      operatorId: c.makerId,
      username: a.username,
      amount: signedAmount(a.amount),
      reason: a.reason,
      key: c.key,
      within: c.within,
    });
