import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { pagedQueryOptions } from '../../../lib/paging';
import { recordsKeys } from './records-keys';
import type { Withdrawal, WithdrawalStatus } from './types';

export type WithdrawalFilter = WithdrawalStatus | 'all';
export const WITHDRAWAL_FILTERS: readonly WithdrawalFilter[] = ['all', 'pending', 'paid', 'rejected'];

/** GET /api/cashier/withdrawals (the withdrawal record), newest first, filtered by status. */
export const withdrawalRecordsQueryOptions = (token: string, status: WithdrawalFilter) =>
  pagedQueryOptions<Withdrawal>(recordsKeys.withdrawals(token, status), '/cashier/withdrawals', {
    status: status === 'all' ? undefined : status,
  });

export function useWithdrawalRecords(status: WithdrawalFilter) {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({ ...withdrawalRecordsQueryOptions(token, status), enabled: token !== '' });
}
