import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReconBreak, ReconBreakStory, ReconResolveBody } from '@panalo/contract/reconciliation';
import { allOpsQueries } from '../../../lib/query-keys';
import { api } from '../../../lib/api';
import { dailyCloseKeys } from './keys';
import { reconPath } from './recon-paths';

export type { ReconResolveBody };

/**
 * POST /ops/reconciliation/breaks/:id/resolve (`close.sign`): resolves an open break once, with a reason
 * (audited). `explained` moves nothing; `credit` and `debit` move exactly what the member is owed
 * through the ledger, under the break's own key. Refusals: 404 `recon_break_unknown`; 409
 * `recon_break_resolved`, `recon_resolution_direction`, `recon_break_no_member`; 400 (the reason).
 */
export const resolveBreak = (id: string, body: ReconResolveBody, key: string) =>
  api<ReconBreak>('POST', reconPath('resolve', { id }), { body, idempotencyKey: key });

/**
 * Resolves a break (`resolve`): the break, the day's reconciliation and the queues are read again (all
 * of the console's when money moved: a member's balance changed). After a refusal, once its dialog is
 * closed (`settle`), the break and its day are read again: someone may have resolved it meanwhile.
 */
export function useResolveBreak(id: string, day: string) {
  const queryClient = useQueryClient();
  const reread = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dailyCloseKeys.break(id) }),
      queryClient.invalidateQueries({ queryKey: dailyCloseKeys.recon(day) }),
      queryClient.invalidateQueries({ queryKey: dailyCloseKeys.breakLists() }),
    ]);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: ReconResolveBody; key: string }) => resolveBreak(id, body, key),
    onSuccess: async (resolved) => {
      // The screen shows the resolution at once; the rest is read again behind it.
      queryClient.setQueryData(dailyCloseKeys.break(id), (story: ReconBreakStory | undefined) =>
        story ? { ...story, break: resolved } : story,
      );
      await (resolved.moved === null ? reread() : queryClient.invalidateQueries({ queryKey: allOpsQueries }));
    },
  });
  return {
    resolve: (body: ReconResolveBody, key: string) => mutation.mutateAsync({ body, key }),
    settle: async () => {
      if (mutation.isError) await reread();
    },
  };
}
