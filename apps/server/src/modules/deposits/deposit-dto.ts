import type { DepositOrder } from '@panalo/contract/cashier';
import { formatAmount } from '@panalo/contract/money';
import type { DepositOrderRow } from './deposits.repository';

/** An order as the member (and, with the owner added, the operator) sees it. */
export function toDepositOrder(r: DepositOrderRow): DepositOrder {
  return {
    id: String(r.id),
    methodCode: r.method_code,
    kind: r.kind,
    amount: formatAmount(r.amount),
    bonusAmount: formatAmount(r.bonus_amount),
    promotionCode: r.promotion_code,
    status: r.status,
    reference: r.reference,
    providerRef: r.provider_ref,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export const toOpsDeposit = (r: DepositOrderRow & { username: string }) => ({
  ...toDepositOrder(r),
  memberId: String(r.member_id),
  username: r.username,
});
