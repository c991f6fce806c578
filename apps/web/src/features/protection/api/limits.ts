import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Limits, LimitSpan, MoneyLimit, MoneyLimitKind } from '@panalo/contract/protection';
import { apiGet, apiRequest } from '../../../lib/api';

export type { Limits, LimitSpan, MoneyLimit, MoneyLimitKind };

export const limitsKey = ['protection', 'limits'] as const;

/** GET /api/protection/limits: my deposit, wager and loss limits (with what counts) and the session limit. */
export const limitsQuery = () =>
  queryOptions({
    queryKey: limitsKey,
    queryFn: ({ signal }) => apiGet<Limits>('/protection/limits', { signal }),
  });
export const useLimits = () => useQuery(limitsQuery());

/** PUT /api/protection/limits: lower at once; a raise or removal (null) waits for its cooling-off. */
export const setLimit = (kind: MoneyLimitKind, span: LimitSpan, amount: string | null) =>
  apiRequest<Limits>('PUT', '/protection/limits', { body: { kind, span, amount } });

/** POST /api/protection/limits/confirm: applies a waiting raise or removal once its time has come. */
export const confirmLimit = (kind: MoneyLimitKind, span: LimitSpan) =>
  apiRequest<Limits>('POST', '/protection/limits/confirm', { body: { kind, span } });

/** PUT /api/protection/session-limit: minutes per login session (null: none), by the same rules. */
export const setSessionLimit = (minutes: number | null) =>
  apiRequest<Limits>('PUT', '/protection/session-limit', { body: { minutes } });

/** POST /api/protection/session-limit/confirm. */
export const confirmSessionLimit = () => apiRequest<Limits>('POST', '/protection/session-limit/confirm');
