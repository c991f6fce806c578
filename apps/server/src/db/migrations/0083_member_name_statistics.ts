import { sql, type Kysely } from 'kysely';

/**
 * Statistics on the lower-cased payee name and nickname (issue 54 item 6). The console's search by name
 * reads the partial indexes member_payee and member_nickname, but PostgreSQL does not estimate from a
 * partial index's expression statistics: it guessed 0.5 % of the members for a name — 5,000 of a million —
 * and planned a parallel scan whose workers' start took 7–12 ms for a one-row answer (bench:scale's plans,
 * bench-scale-plans/member-search-name.txt). Expression statistics give the estimate its real size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create statistics if not exists member_payee_name_lower on (lower(payee_name)) from member`.execute(
    db,
  );
  await sql`create statistics if not exists member_nickname_lower on (lower(nickname)) from member`.execute(
    db,
  );
  await sql`analyze member`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop statistics if exists member_nickname_lower`.execute(db);
  await sql`drop statistics if exists member_payee_name_lower`.execute(db);
}
