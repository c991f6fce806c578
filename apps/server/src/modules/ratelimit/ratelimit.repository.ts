import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Fixed-window counters in PostgreSQL: one atomic upsert per hit, shared by every API process. */
export function rateLimitRepository(db: Database) {
  return {
    async hit(key: string, now: Date, windowMs: number): Promise<{ count: number; resetAt: Date }> {
      const resetAt = new Date(now.getTime() + windowMs);
      const row = await db
        .insertInto('rate_limit_bucket')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limit_bucket.reset_at <= ${now} then 1 else rate_limit_bucket.count + 1 end`,
            reset_at: sql<Date>`case when rate_limit_bucket.reset_at <= ${now} then excluded.reset_at else rate_limit_bucket.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: row.count, resetAt: row.reset_at };
    },
    /** The live bucket's reset time (reset_at after now), read without counting; null when none. */
    async liveUntil(key: string, now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('rate_limit_bucket')
        .select('reset_at')
        .where('key', '=', key)
        .where('reset_at', '>', now)
        .executeTakeFirst();
      return row?.reset_at ?? null;
    },
    async reset(key: string): Promise<void> {
      await db.deleteFrom('rate_limit_bucket').where('key', '=', key).execute();
    },
    async purgeExpired(before: Date): Promise<number> {
      const r = await db.deleteFrom('rate_limit_bucket').where('reset_at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type RateLimitRepository = ReturnType<typeof rateLimitRepository>;
