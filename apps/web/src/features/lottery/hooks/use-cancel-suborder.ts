import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import type { LotterySuborder } from '@panalo/contract/lottery';
import { invalidateBalance, setBalance } from '../../../app/layout/use-header-balance';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/money-request';
import { toast, TOAST_MS } from '../../../lib/toast';
import { cancelSuborder, lotteryKeys, ordersQueryOptions } from '../api/lottery-api';

/** One period of one order that the member asked to cancel, with the key of that one intent. */
export interface CancelAsk {
  orderId: string;
  suborder: LotterySuborder;
  key: string;
}

const suborderKey = (orderId: string, numero: string) => `${orderId}/${numero}`;

/**
 * Cancelling a follow period not yet locked (WALLET-009): the member's orders on this game tell which
 * suborders the server still accepts to cancel; a bet is matched to its suborder by (orderId, numero).
 * The current period is no longer offered once the screen sees it locked, even before the orders reload;
 * the server decides in the end (lottery_suborder_not_cancellable).
 */
export function useCancelSuborder({
  token,
  gameCode,
  currentNumero,
  locked,
}: {
  token: string;
  gameCode: string;
  currentNumero: string;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ordersQ = useQuery({ ...ordersQueryOptions(token, gameCode), enabled: token !== '' });
  const [asking, setAsking] = useState<CancelAsk | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const cancellable = useMemo(() => {
    const found = new Map<string, LotterySuborder>();
    for (const order of ordersQ.data?.list ?? [])
      for (const s of order.suborders)
        if (s.cancellable && !(locked && s.numero === currentNumero))
          found.set(suborderKey(order.id, s.numero), s);
    return found;
  }, [ordersQ.data, locked, currentNumero]);

  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: lotteryKeys.myBetsAll() });
    void client.invalidateQueries({ queryKey: lotteryKeys.ordersAll() });
  }, [client]);

  const mutation = useMutation({
    mutationFn: (a: CancelAsk) => cancelSuborder(a.orderId, a.suborder.numero, a.key),
    onSuccess: (r, a) => {
      setAsking(null);
      setBalance(client, token, r.balance);
      void invalidateBalance(client);
      reload();
      void toast.show(
        t('lottery.myBets.cancel.done', { numero: a.suborder.numero, amount: formatMoney(r.refunded) }),
        TOAST_MS.success,
        'success',
      );
    },
    onError: (err) => {
      setAsking(null);
      setProblem(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error')));
      // The period may have locked or been cancelled meanwhile: show what the server now says.
      reload();
    },
  });

  return {
    /** The suborder of this bet if the member may still cancel it. */
    cancellableOf: (orderId: string, numero: string) => cancellable.get(suborderKey(orderId, numero)),
    asking,
    problem,
    busy: mutation.isPending,
    ask: (orderId: string, suborder: LotterySuborder) => {
      setProblem(null);
      setAsking({ orderId, suborder, key: newIdempotencyKey() });
    },
    confirm: () => {
      if (asking && !mutation.isPending) mutation.mutate(asking);
    },
    dismiss: () => {
      if (!mutation.isPending) setAsking(null);
    },
  };
}

export type SuborderCancel = ReturnType<typeof useCancelSuborder>;
