import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositLimit, LimitSpan } from '@panalo/contract/protection';
import { apiGet, apiRequest } from '../../../lib/api';

export type { DepositLimit, LimitSpan };
type Limits = { limits: DepositLimit[] };

export const limitsKey = ['protection', 'limits'] as const;

/** GET /api/protection/limits: my deposit limits with what counts against them and any waiting raise. */
export const limitsQuery = () =>
  queryOptions({
    queryKey: limitsKey,
    queryFn: ({ signal }) => apiGet<Limits>('/protection/limits', { signal }),
  });
export const useLimits = () => useQuery(limitsQuery());

/** PUT /api/protection/limits: lower at once; a raise or removal (null) waits for its cooling-off. */
export const setLimit = (span: LimitSpan, amount: string | null) =>
  apiRequest<Limits>('PUT', '/protection/limits', { body: { span, amount } });

/** POST /api/protection/limits/confirm: applies a waiting raise or removal once its time has come. */
export const confirmLimit = (span: LimitSpan) =>
  apiRequest<Limits>('POST', '/protection/limits/confirm', { body: { span } });
