import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { DateRange } from '../../../lib/date-range';
import { pagedQueryOptions } from '../../../lib/paging';
import { recordsKeys } from './records-keys';
import type { Transaction, TransactionType } from './types';

/**
 * GET /api/cashier/transactions (the account record): `types` comma-separated (none = every type),
 * `from`/`to` inclusive dates.
 */
export const transactionsQueryOptions = (token: string, types: readonly string[], range: DateRange) =>
  pagedQueryOptions<Transaction>(recordsKeys.transactions(token, types, range), '/cashier/transactions', {
    types: types.length > 0 ? [...types].sort().join(',') : undefined,
    from: range.from,
    to: range.to,
  });

export function useTransactions(types: readonly string[], range: DateRange | null) {
  const token = useSession()?.token ?? '';
  const r = range ?? { from: '', to: '' };
  return useInfiniteQuery({
    ...transactionsQueryOptions(token, types, r),
    enabled: token !== '' && range !== null,
  });
}

/** GET /api/cashier/transaction-types: the type codes the filter offers (the transaction code list). */
export const transactionTypesQueryOptions = (token: string) =>
  queryOptions({
    queryKey: recordsKeys.transactionTypes(token),
    queryFn: ({ signal }) => apiGet<TransactionType[]>('/cashier/transaction-types', { signal }),
    staleTime: Infinity,
  });

export function useTransactionTypes() {
  const token = useSession()?.token ?? '';
  return useQuery({ ...transactionTypesQueryOptions(token), enabled: token !== '' });
}
