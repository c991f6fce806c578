import { queryOptions, useQuery } from '@tanstack/react-query';
import { isTrialType } from '@panalo/contract/member-types';
import { apiGet } from '../../lib/api';
import { useSession } from '../../lib/session';

/** Under the shell's 'member' key, so that a member-info refresh refreshes the count too. */
export const unreadKeys = { count: (token: string) => ['member', 'unread', token] as const };

/** GET /api/members/unread-count: a plain number (MINE-037). */
export const getUnreadCount = (signal?: AbortSignal) =>
  apiGet<number>('/members/unread-count', { ...(signal ? { signal } : {}) });

export const unreadCountQueryOptions = (token: string) =>
  queryOptions({
    queryKey: unreadKeys.count(token),
    queryFn: ({ signal }) => getUnreadCount(signal),
  });

/**
 * The unread mail count, fetched on load only with a session (MINE-036); 0 for a visitor. A free-trial
 * account has no mailbox (the server answers free_reject), so it is not asked either.
 */
export function useUnreadCount(): number {
  const current = useSession();
  const enabled = current !== null && !isTrialType(current.type);
  const query = useQuery({ ...unreadCountQueryOptions(current?.token ?? ''), enabled });
  return enabled ? (query.data ?? 0) : 0;
}
