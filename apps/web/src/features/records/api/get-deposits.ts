import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { pagedQueryOptions } from '../../../lib/paging';
import { recordsKeys } from './records-keys';
import type { DepositOrder, DepositStatus } from './types';

export type DepositFilter = DepositStatus | 'all';
export const DEPOSIT_FILTERS: readonly DepositFilter[] = [
  'all',
  'pending',
  'paid',
  'rejected',
  'expired',
  'cancelled',
];

/** GET /api/cashier/deposits (the deposit record), newest first, filtered by status. */
export const depositRecordsQueryOptions = (token: string, status: DepositFilter) =>
  pagedQueryOptions<DepositOrder>(recordsKeys.deposits(token, status), '/cashier/deposits', {
    status: status === 'all' ? undefined : status,
  });

export function useDepositRecords(status: DepositFilter) {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({ ...depositRecordsQueryOptions(token, status), enabled: token !== '' });
}
