import { useQuery } from '@tanstack/react-query';
import type { Balance } from '@panalo/contract/wallet';
import type { Withdrawal } from '@panalo/contract/cashier';
import { balanceQueryOptions } from '../../../app/layout/use-header-balance';
import { postMoney } from '../../../lib/money-request';
import { useSession } from '../../../lib/session';

export type { Withdrawal, Balance };

/**
 * The wallet balance (WALLET-004: sumBalance), shared with the header's query so the two never
 * disagree and one answer serves both.
 */
export function useBalance() {
  const token = useSession()?.token ?? '';
  return useQuery(balanceQueryOptions(token));
}

export interface CreateWithdrawalBody {
  cardId: string;
  amount: string;
  paymentPassword: string;
}

/** POST /api/cashier/withdrawals with the intent's idempotency key: the amount moves to pending. */
export const createWithdrawal = (body: CreateWithdrawalBody, idempotencyKey: string) =>
  postMoney<Withdrawal>('/cashier/withdrawals', body, idempotencyKey);
