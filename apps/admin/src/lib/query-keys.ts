/**
 * The prefix of every console query but the session's (each area's `api/keys.ts` starts with it): a
 * decision that moves money invalidates it whole, so every queue, count and profile shows the result.
 */
export const allOpsQueries = ['ops'] as const;
/**
 * The prefix of every provider console query but its session's (`brandKeys`, `providerAuditKeys`): the
 * provider shell has its own cache per session too, this only keeps its keys apart from the brand
 * console's.
 */
export const allProviderQueries = ['provider'] as const;
