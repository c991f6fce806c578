import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceBetsRequest } from '@panalo/contract/lottery';
import { invalidateBalance, setBalance } from '../../../app/layout/use-header-balance';
import { ApiError } from '../../../lib/api';
import { useRefusalText } from '../../protection/hooks/use-refusal-text';
import { lotteryKeys, placeBets, type PlacedBets } from '../api/lottery-api';
import type { BettingNews } from './use-betting-feed';
import { useOrderKey } from './use-order-key';

/**
 * Placing an order (Idempotency-Key, one per order): on success the header shows the answer's balance and
 * the member's bets and orders reload; a refusal's text goes to `onRefused` (self-exclusion and limits
 * in protection's words), a closed period or a short balance reloads what the screen shows.
 */
export function usePlaceBets({
  token,
  refresh,
  onPlaced,
  onRefused,
}: {
  token: string;
  refresh: (what: BettingNews) => void;
  onPlaced: (placed: PlacedBets) => void;
  onRefused: (text: string) => void;
}) {
  const client = useQueryClient();
  const refusalText = useRefusalText();
  const orderKey = useOrderKey();
  const place = useMutation({
    mutationFn: (v: { body: PlaceBetsRequest; key: string }) => placeBets(v.body, v.key),
    onSuccess: (r) => {
      orderKey.done();
      onPlaced(r);
      setBalance(client, token, r.balance);
      void invalidateBalance(client);
      void client.invalidateQueries({ queryKey: lotteryKeys.myBetsAll() });
      void client.invalidateQueries({ queryKey: lotteryKeys.ordersAll() });
    },
    onError: (err) => {
      const code_ = err instanceof ApiError ? err.code : 'unknown_error';
      // A refusal the server answered means nothing was debited: the next try is a new intent. A lost
      // answer (no network, 5xx) or one still in progress keeps the key, so a retry cannot debit twice.
      if (
        err instanceof ApiError &&
        err.status >= 400 &&
        err.status < 500 &&
        code_ !== 'idempotency_in_progress'
      )
        orderKey.done();
      onRefused(refusalText(err));
      if (code_ === 'lottery_period_closed') refresh('period');
      if (code_ === 'insufficient_balance') void invalidateBalance(client);
    },
  });
  return {
    busy: place.isPending,
    /** Sends the order with its key (the same order again after a lost answer: the same key). */
    send: (body: PlaceBetsRequest) => place.mutate({ body, key: orderKey.keyFor(body) }),
  };
}
