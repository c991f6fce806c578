/**
 * Query keys of the audit screen. A target's trail (`target`) sits under its owner's key (a member's
 * profile), so refreshing the owner refreshes its trail.
 */
export const auditKeys = {
  changes: (page: number) => ['ops', 'audit', page] as const,
  requests: (page: number) => ['ops', 'staff-actions', page] as const,
  target: (ownerKey: readonly unknown[], page: number) => [...ownerKey, 'audit', page] as const,
};
