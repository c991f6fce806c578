/** The header's total balance: a decimal string from the wallet (sumBalance), or null while unknown. */
export interface HeaderBalance {
  balance: string | null;
  /** Reloads the balance; resolves when the new value is in. */
  refresh: () => Promise<void>;
}

const noRefresh = async () => {};

/**
 * The total balance shown in the header (SHELL-019). A placeholder until the wallet module provides the
 * balance query: it reports "unknown" (null), and the header shows a neutral dash rather than a number
 * that could be mistaken for the member's money.
 */
export function useHeaderBalance(): HeaderBalance {
  return { balance: null, refresh: noRefresh };
}
