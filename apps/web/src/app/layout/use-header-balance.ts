import { useMemberInfo } from './use-member-info';

/** The header's total balance: a decimal string from the wallet (sumBalance), or null while unknown. */
export interface HeaderBalance {
  balance: string | null;
  /** Reloads the balance; resolves when the new value is in. */
  refresh: () => Promise<void>;
}

/**
 * The total balance shown in the header (SHELL-019). Until the wallet module provides the balance query
 * it reports "unknown" (null), and the header shows a neutral dash rather than a number that could be
 * mistaken for the member's money. Refresh already reloads the member info (name, VIP) shown beside it.
 */
export function useHeaderBalance(): HeaderBalance {
  const { refetch } = useMemberInfo();
  return { balance: null, refresh: refetch };
}
