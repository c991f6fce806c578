import type { QueueFilterValues } from '../rules/queue-filters';

/**
 * Query keys of the cashier's queues. Every decision and adjustment invalidates all of `['ops']`; the
 * withdrawal's context reads the member under the keys of `features/members`.
 */
export const cashierKeys = {
  deposits: (page: number, status: string, filters: Partial<QueueFilterValues>) =>
    ['ops', 'deposits', page, status, filters] as const,
  withdrawals: (page: number, status: string, filters: Partial<QueueFilterValues>) =>
    ['ops', 'withdrawals', page, status, filters] as const,
};
