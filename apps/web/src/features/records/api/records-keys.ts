import type { DateRange } from '../../../lib/date-range';

/**
 * Query keys of the member's money records. Every entry sits under `recordsKeys.all`, so a money
 * movement refreshes them all with one invalidation; the token keeps one login's lists from another's.
 */
export const recordsKeys = {
  all: ['records'] as const,
  deposits: (token: string, status: string) => ['records', 'deposits', token, status] as const,
  withdrawals: (token: string, status: string) => ['records', 'withdrawals', token, status] as const,
  transactions: (token: string, types: readonly string[], range: DateRange) =>
    ['records', 'transactions', token, [...types].sort().join(','), range.from, range.to] as const,
  transactionTypes: (token: string) => ['records', 'transaction-types', token] as const,
  games: (token: string, gameType: string, range: DateRange, language: string) =>
    ['records', 'games', token, gameType, range.from, range.to, language] as const,
  profitLoss: (token: string, range: DateRange) =>
    ['records', 'profit-loss', token, range.from, range.to] as const,
};
