import { sql, type Kysely } from 'kysely';

/**
 * Issue 22 item 3: a time-out or a self-exclusion forfeits the member's promotions. A turnover
 * requirement closed that way keeps when (forfeited_at; completed_at is set too, so it no longer holds
 * anything back), and the bonus goes back to its promotion's budget as a 'bonus_forfeit' transfer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wagering_requirement add column if not exists forfeited_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wagering_requirement drop column if exists forfeited_at`.execute(db);
}
