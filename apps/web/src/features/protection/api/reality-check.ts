import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RealityCheck } from '@panalo/contract/protection';
import { apiGet, apiRequest } from '../../../lib/api';

export type { RealityCheck };
export const realityCheckKey = ['protection', 'reality-check'] as const;

/** GET /api/protection/reality-check: my interval, this session's start (server time), its net result. */
export const realityCheckQuery = () =>
  queryOptions({
    queryKey: realityCheckKey,
    queryFn: ({ signal }) => apiGet<RealityCheck>('/protection/reality-check', { signal }),
    staleTime: Infinity,
  });
export const useRealityCheck = () => useQuery(realityCheckQuery());

/** PUT /api/protection/reality-check: 15, 30 or 60 minutes, or null for off. */
export const setRealityCheck = (intervalMinutes: 15 | 30 | 60 | null) =>
  apiRequest<RealityCheck>('PUT', '/protection/reality-check', { body: { intervalMinutes } });
