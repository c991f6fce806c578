import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { DateRange } from '../../../lib/date-range';
import { recordsKeys } from './records-keys';
import type { ProfitLoss } from './types';

/** GET /api/cashier/profit-loss?from&to: totals and one row per day, computed from the ledger. */
export const profitLossQueryOptions = (token: string, range: DateRange) =>
  queryOptions({
    queryKey: recordsKeys.profitLoss(token, range),
    queryFn: ({ signal }) =>
      apiGet<ProfitLoss>('/cashier/profit-loss', { query: { from: range.from, to: range.to }, signal }),
  });

export function useProfitLoss(range: DateRange | null) {
  const token = useSession()?.token ?? '';
  return useQuery({
    ...profitLossQueryOptions(token, range ?? { from: '', to: '' }),
    enabled: token !== '' && range !== null,
    placeholderData: keepPreviousData,
  });
}
