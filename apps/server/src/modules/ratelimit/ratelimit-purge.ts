import type { Database } from '../../db/database';
import { runEvery } from '../../lib/run-every';
import { rateLimitRepository } from './ratelimit.repository';

/**
 * Every API process clears the counters whose window is over, every ten minutes by default: a bucket
 * past its reset counts from one again at its next hit anyway, so deleting it changes no decision, and
 * without it the table keeps a row for every address, username and number ever limited. The delete is
 * idempotent: several processes doing it at once only find less to delete.
 */
export function startRateLimitPurge(
  db: Database,
  clock: { now(): Date },
  everyMs = 10 * 60_000,
  onError: (err: unknown) => void = () => {},
): { stop: () => Promise<void> } {
  const repo = rateLimitRepository(db);
  return runEvery(() => repo.purgeExpired(clock.now()), everyMs, onError);
}
