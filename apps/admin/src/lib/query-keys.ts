/**
 * The prefix of every console query but the session's (each area's `api/keys.ts` starts with it): a
 * decision that moves money invalidates it whole, so every queue, count and profile shows the result.
 */
export const allOpsQueries = ['ops'] as const;
