import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Any fixed 64-bit number naming the roll-up's advisory lock. */
const ROLLUP_LOCK = 0x5041_4e41_4c4f_0001n;

/**
 * Moves the house amounts appended by bets (house_pending, migration 0012) into the house shards'
 * balances, in one transaction: what is deleted is exactly what is added, so balance + pending = sum of
 * entries holds before, during and after. Rows of bets still in flight are not visible yet and wait for
 * the next run. One roll-up at a time across every process (an advisory lock; a second caller returns
 * at once). Returns the number of pending rows moved.
 */
export async function rollUpHouse(db: Database): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{
      ok: boolean;
    }>`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}::bigint) as ok`.execute(trx);
    if (!lock.rows[0]?.ok) return 0;
    const r = await sql<{ moved: string | number | bigint }>`
      with d as (delete from house_pending returning account_id, amount),
           s as (select account_id, sum(amount)::bigint as amount, count(*) as n from d group by account_id),
           u as (update ledger_account a set balance = a.balance + s.amount from s where a.id = s.account_id
                 returning s.n)
      select coalesce(sum(n), 0) as moved from u`.execute(trx);
    return Number(r.rows[0]?.moved ?? 0);
  });
}

/** Rolls the house up every `everyMs` until stopped (each API process runs one; they take turns). */
export function startHouseRollup(
  db: Database,
  everyMs = 2_000,
  onError: (err: unknown) => void = () => {},
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = rollUpHouse(db).catch(onError);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
