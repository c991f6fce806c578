import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBalance, setBalance } from '../../../app/layout/use-header-balance';
import { postMoney } from '../../../lib/money-request';
import { useSession } from '../../../lib/session';
import { recordsKeys } from './records-keys';
import type { TransferUplineResult } from './types';

export interface TransferUplineInput {
  amount: string;
  paymentPassword: string;
  idempotencyKey: string;
}

/** POST /api/cashier/transfer-upline with the intent's idempotency key. */
export const transferUpline = ({ amount, paymentPassword, idempotencyKey }: TransferUplineInput) =>
  postMoney<TransferUplineResult>('/cashier/transfer-upline', { amount, paymentPassword }, idempotencyKey);

/**
 * The transfer; on success the header shows the new balance at once (the answer carries it) and the
 * balance and every record list reload.
 */
export function useTransferUpline() {
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  return useMutation({
    mutationFn: transferUpline,
    onSuccess: (result) => {
      setBalance(client, token, result.sumBalance);
      // Not awaited: the member sees the success now; the reloads confirm it in the background.
      void invalidateBalance(client);
      void client.invalidateQueries({ queryKey: recordsKeys.all });
    },
  });
}
