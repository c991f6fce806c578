import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { RebateIncome, RebateIncomeLine } from '@panalo/contract/agent';
import type { DateRange } from '../../../lib/date-range';
import { pagedQueryOptions } from '../../../lib/paging';
import { useSession } from '../../../lib/session';
import { agencyKeys } from './agency-keys';

/** GET /api/agent/team/rebate-income?from&to: days paid, today so far, and the lines behind them, paged. */
export const rebateIncomeQueryOptions = (token: string, range: DateRange) =>
  pagedQueryOptions<RebateIncomeLine, RebateIncome>(
    agencyKeys.rebateIncome(token, range),
    AGENT_API.rebateIncome,
    { from: range.from, to: range.to },
  );

export function useRebateIncome(range: DateRange | null) {
  const token = useSession()?.token ?? '';
  return useInfiniteQuery({
    ...rebateIncomeQueryOptions(token, range ?? { from: '', to: '' }),
    enabled: token !== '' && range !== null,
    placeholderData: keepPreviousData,
  });
}
