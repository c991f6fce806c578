import type { MemberSearchBy } from '@panalo/contract/ops-members';

/**
 * Query keys of the members area. A member's profile and every piece of it (activity, notes, limits, the
 * audit trail) sit under `member(id)`: an action invalidates it whole. `cashier`'s withdrawal context
 * reads the same profile, activity and notes with these keys and calls; agency's move invalidates
 * `searches()` and `members()`.
 */
export const membersKeys = {
  /** Every search (a move or a lock changes what the lists show). */
  searches: () => ['ops', 'members'] as const,
  /** Every member's profile. */
  members: () => ['ops', 'member'] as const,
  search: (by: MemberSearchBy, q: string, page: number) => ['ops', 'members', by, q, page] as const,
  member: (id: string) => ['ops', 'member', id] as const,
  activity: (id: string) => ['ops', 'member', id, 'activity'] as const,
  notes: (id: string) => ['ops', 'member', id, 'notes'] as const,
  limits: (id: string) => ['ops', 'member', id, 'limits'] as const,
};
