import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyClose } from '@panalo/contract/daily-close';
import { api } from '../../../lib/api';
import { dailyCloseKeys } from './keys';

/**
 * POST /ops/daily-close/:day/sign (`close.sign`): signs a balanced day once. Refusals: 404 `close_none`,
 * 409 `close_broken`, `close_signed`, `close_sign_maker` (the signer corrected a balance that day). One
 * Idempotency-Key per intent, as every console decision sends; a second signature is refused anyway.
 */
export const signClose = (day: string, key: string) =>
  api<DailyClose>('POST', `/ops/daily-close/${encodeURIComponent(day)}/sign`, { idempotencyKey: key });

/**
 * Signs a day (`sign`): the day's sheet takes the answer and the lists are read again. After a refusal,
 * once its dialog is closed (`settle`), the day and the lists are read again too: someone else may have
 * signed it meanwhile. (Not at once: the day's screen would drop the button, and its dialog, before the
 * refusal is read.)
 */
export function useSignClose() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ day, key }: { day: string; key: string }) => signClose(day, key),
    onSuccess: async (close) => {
      queryClient.setQueryData(dailyCloseKeys.day(close.day), close);
      await queryClient.invalidateQueries({ queryKey: dailyCloseKeys.lists() });
    },
  });
  return {
    sign: (day: string, key: string) => mutation.mutateAsync({ day, key }),
    settle: async () => {
      if (mutation.isError) await queryClient.invalidateQueries({ queryKey: dailyCloseKeys.all });
    },
  };
}
