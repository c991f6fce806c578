import { sql, type Kysely } from 'kysely';

/**
 * Mines played tile by tile (issue 5): a round opens with its board already drawn from the seed pair
 * (stored, never shown), the stake debited, and stays `open` while the member reveals tiles; a
 * disconnect leaves it open, and the member resumes it with the same board. Cashing out or hitting a
 * mine finishes it like any round (pending → settled). Named 0013a: it changes 0013's table, so it must
 * sort right after it on a fresh database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table inhouse_round drop constraint inhouse_round_status_check`.execute(db);
  await sql`alter table inhouse_round add constraint inhouse_round_status_check
    check (status in ('open', 'pending', 'settled', 'refused'))`.execute(db);
  // When the stake of an open round was debited (null: not yet; a resume debits it first).
  await sql`alter table inhouse_round add column staked_at timestamptz`.execute(db);
  // At most one open round per member and game: a second start is refused until the first ends.
  await sql`create unique index inhouse_round_open on inhouse_round (merchant_id, member_id, game)
    where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index inhouse_round_open`.execute(db);
  await sql`alter table inhouse_round drop column staked_at`.execute(db);
  await sql`alter table inhouse_round drop constraint inhouse_round_status_check`.execute(db);
  await sql`alter table inhouse_round add constraint inhouse_round_status_check
    check (status in ('pending', 'settled', 'refused'))`.execute(db);
}
