import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { DayReconciliation } from './get-reconciliation';
import { dailyCloseKeys } from './keys';
import { reconPath } from './recon-paths';

/**
 * POST /ops/daily-close/:day/reconcile (`close.sign`): reconciles a closed day now with every connected
 * source. A done run is kept as it is; a failed one runs again. Refusals: 409 `recon_day_open`, 503
 * `recon_source_unavailable` (Hub88 or PayMongo could not be read: the run is kept as failed).
 */
export const reconcileDay = (day: string) => api<DayReconciliation>('POST', reconPath('run', { day }));

/**
 * "Reconcile now": the answer becomes the day's reconciliation and the queues are read again (new
 * breaks). After a refusal the day's is read again too: a source that failed shows its failed run.
 */
export function useReconcileDay(day: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reconcileDay(day),
    onSuccess: async (recon) => {
      queryClient.setQueryData(dailyCloseKeys.recon(day), recon);
      await queryClient.invalidateQueries({ queryKey: dailyCloseKeys.breakLists() });
    },
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: dailyCloseKeys.recon(day) });
    },
  });
}
