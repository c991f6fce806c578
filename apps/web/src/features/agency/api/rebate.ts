import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AGENT_API } from '@panalo/contract/agent-menu';
import type { RebateView } from '@panalo/contract/agent';
import type { ProductGroup } from '@panalo/contract/rebate';
import { apiGet, apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session';

export const rebateKey = (token: string, memberId: string | null) =>
  ['agency', 'rebate', token, memberId ?? ''] as const;

/** GET /api/agent/rebate[?memberId]: my rates, and a direct downline's with what each may be raised to. */
export const rebateQueryOptions = (token: string, memberId: string | null) =>
  queryOptions({
    queryKey: rebateKey(token, memberId),
    queryFn: ({ signal }) =>
      apiGet<RebateView>(AGENT_API.rebate, { query: { memberId: memberId ?? undefined }, signal }),
  });

export function useRebate(memberId: string | null) {
  const token = useSession()?.token ?? '';
  return useQuery({
    ...rebateQueryOptions(token, memberId),
    enabled: token !== '',
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/agent/rebate: raises a direct downline's rates (all or nothing). */
export const setRebate = (memberId: string, rates: Partial<Record<ProductGroup, string>>) =>
  apiRequest<RebateView>('PUT', AGENT_API.rebate, { body: { memberId, rates } });
