import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconBreakStory } from '@panalo/contract/reconciliation';
import { api } from '../../../lib/api';
import { dailyCloseKeys } from './keys';
import { reconPath } from './recon-paths';

export type { ReconBreakStory };

/**
 * GET /ops/reconciliation/breaks/:id: one break with its story — their side (Hub88: the round as it
 * lists it now; PayMongo: the payment), our side (the wallet calls and our answers; the deposit order)
 * and the ledger's legs. 404 `recon_break_unknown`.
 */
export const getBreak = (id: string) => api<ReconBreakStory>('GET', reconPath('break', { id }));

export const breakQueryOptions = (id: string) =>
  queryOptions({ queryKey: dailyCloseKeys.break(id), queryFn: () => getBreak(id) });

/** One break's story; not asked for an address that names no break (`enabled`). */
export const useBreak = (id: string, enabled: boolean) =>
  useQuery({ ...breakQueryOptions(id), enabled, retry: false });
