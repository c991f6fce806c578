import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { runEvery } from '../../lib/run-every';

/** How far ahead the ledger's monthly partitions are made. */
export const PARTITION_MONTHS_AHEAD = 3;

/**
 * Makes the ledger's monthly partitions (migration 0082) from `from`'s month through `until`'s that do not
 * exist yet; returns how many it made. Idempotent, and safe from several processes at once.
 */
export async function makeLedgerPartitions(db: Database, from: Date, until: Date): Promise<number> {
  const r = await sql<{ made: number }>`select ledger_entry_partitions(${from}, ${until}) as made`.execute(
    db,
  );
  return Number(r.rows[0]?.made ?? 0);
}

const monthsAhead = (now: Date, months: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));

/**
 * Every API process keeps the partitions of this month and the next three made, at start and every hour
 * by default: an entry never waits for its month (and lands in the default partition if it had to).
 */
export function startLedgerPartitions(
  db: Database,
  clock: { now(): Date },
  everyMs = 3_600_000,
  onError: (err: unknown) => void = () => {},
): { stop: () => Promise<void> } {
  return runEvery(
    () => {
      const now = clock.now();
      return makeLedgerPartitions(db, now, monthsAhead(now, PARTITION_MONTHS_AHEAD));
    },
    everyMs,
    onError,
  );
}
