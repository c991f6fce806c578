import { sql, type Kysely } from 'kysely';

/**
 * Home's recent-wins feed (issue 49) walks a merchant's newest real-money rounds. `started_at` and
 * `book` never change once a round is written, so the index keeps the wallet's updates of a round
 * (bet and win totals) heap-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists game_round_recent on game_round (merchant_id, started_at desc)
    where book = 'real'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists game_round_recent`.execute(db);
}
