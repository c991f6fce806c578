import { sql, type Kysely } from 'kysely';

/** Issue 22 item 4: the date of birth a merchant's licence asks for at registration (VALID-042). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column if not exists birth_date date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member drop column if exists birth_date`.execute(db);
}
