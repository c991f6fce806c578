import { useQuery } from '@tanstack/react-query';
import type { PlayDay } from '@panalo/contract/protection';
import { apiGet } from '../../../lib/api';

export type { PlayDay };

/** GET /api/protection/history: my last 30 days, day by day. */
export const usePlayHistory = () =>
  useQuery({
    queryKey: ['protection', 'history'],
    queryFn: ({ signal }) => apiGet<{ days: PlayDay[] }>('/protection/history', { signal }),
  });
