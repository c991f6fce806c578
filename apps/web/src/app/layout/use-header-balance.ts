import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Balance } from '@panalo/contract/wallet';
import { ApiError, apiGet } from '../../lib/api';
import { useSession } from '../../lib/session';
import { memberKeys } from './use-member-info';

/**
 * Query keys of the wallet balance. The prefix `balanceQueryKey` matches every session's entry, so a
 * feature that moved money calls `invalidateBalance(queryClient)` without knowing the token.
 */
export const balanceQueryKey = ['wallet', 'balance'] as const;
export const balanceKeys = {
  all: balanceQueryKey,
  of: (token: string) => [...balanceQueryKey, token] as const,
};

/** GET /api/wallet/balance (WALLET-004: the total is `sumBalance`, a decimal string). */
export const getBalance = (signal?: AbortSignal) =>
  apiGet<Balance>('/wallet/balance', { ...(signal ? { signal } : {}) });

export const balanceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: balanceKeys.of(token),
    queryFn: ({ signal }) => getBalance(signal),
    // Screens that mount together (header, a cashier page) share one answer instead of each asking.
    staleTime: 10_000,
    // A refusal (401 expired session, 403) will not change on a retry; a lost answer might.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  });

/**
 * Call after any money movement (deposit, withdrawal, transfer): the header balance reloads. Resolves
 * once the active balance queries have their new value.
 */
export function invalidateBalance(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: balanceQueryKey });
}

/**
 * A money call that answers with the new balance (e.g. POST /cashier/transfer-upline) puts it straight
 * into the header, without waiting for a reload; the caller still invalidates to confirm it.
 */
export function setBalance(client: QueryClient, token: string, sumBalance: string): void {
  client.setQueryData<Balance>(balanceKeys.of(token), (old) =>
    old ? { ...old, sumBalance } : { sumBalance, currency: '', book: 'real' },
  );
}

/** The header's total balance: a decimal string from the wallet (sumBalance), or null while unknown. */
export interface HeaderBalance {
  balance: string | null;
  /** Reloads the balance (and the member info beside it); resolves when the new values are in. */
  refresh: () => Promise<void>;
}

/**
 * The total balance shown in the header (SHELL-019, WALLET-004), fetched only with a session. Unknown
 * (not loaded yet, or the load failed) is null, and the header shows a neutral dash rather than a
 * number that could be mistaken for the member's money. Hiding and the stars while a refresh runs
 * (WALLET-005/006) are the header's, through `balanceView`.
 */
export function useHeaderBalance(): HeaderBalance {
  const current = useSession();
  const client = useQueryClient();
  const query = useQuery({ ...balanceQueryOptions(current?.token ?? ''), enabled: current !== null });
  return {
    balance: current ? (query.data?.sumBalance ?? null) : null,
    refresh: async () => {
      // Both at once: the refresh is one wait for the member, however many values it reloads.
      await Promise.all([
        client.refetchQueries({ queryKey: balanceQueryKey, type: 'active' }),
        client.refetchQueries({ queryKey: memberKeys.all, type: 'active' }),
      ]);
    },
  };
}
