import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { DownlineTransferRequest } from '@panalo/contract/agent';
import { invalidateBalance, setBalance } from '../../../app/layout/use-header-balance';
import { postMoney } from '../../../lib/money-request';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

export interface DownlineTransferResult {
  sumBalance: string;
  transferId: string;
  lines: number;
}

/** POST /api/agent/transfers with the intent's idempotency key: all lines or none. */
export const transferToDownlines = (body: DownlineTransferRequest & { idempotencyKey: string }) => {
  const { idempotencyKey, ...request } = body;
  return postMoney<DownlineTransferResult>(`${AGENT_API.transfers}`, request, idempotencyKey);
};

/** The transfer; on success the header shows the new balance and the team's balances reload. */
export function useTransferToDownlines() {
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  return useMutation({
    mutationFn: transferToDownlines,
    onSuccess: (result) => {
      setBalance(client, token, result.sumBalance);
      void invalidateBalance(client);
      void client.invalidateQueries({ queryKey: agencyKeys.all });
    },
  });
}
