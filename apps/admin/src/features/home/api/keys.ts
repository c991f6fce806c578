/**
 * Query keys of home: each queue's count (by the queue's key) and the dashboard (by the console's
 * language). Not under the other areas' keys: only a decision that invalidates all of `['ops']` refreshes
 * them; the rest catch up with the refetch intervals.
 */
export const homeKeys = {
  queue: (key: string) => ['ops', 'queue', key] as const,
  dashboard: (language: string) => ['ops', 'dashboard', language] as const,
};
