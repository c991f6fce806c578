import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reconDayResponse } from '@panalo/contract/reconciliation';
import { api } from '../../../lib/api';
import { dailyCloseKeys } from './keys';
import { reconPath } from './recon-paths';

export type { ReconBreak, ReconRun } from '@panalo/contract/reconciliation';
export type DayReconciliation = z.infer<typeof reconDayResponse>['value'];

/** GET /ops/daily-close/:day/reconciliation: the day's runs (one per source read) and its breaks. */
export const getReconciliation = (day: string) => api<DayReconciliation>('GET', reconPath('day', { day }));

export const reconciliationQueryOptions = (day: string) =>
  queryOptions({ queryKey: dailyCloseKeys.recon(day), queryFn: () => getReconciliation(day) });

/** A closed day's reconciliation; asked once the day's sheet is there (`enabled`). */
export const useReconciliation = (day: string, enabled: boolean) =>
  useQuery({ ...reconciliationQueryOptions(day), enabled });
