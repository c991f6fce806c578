import { sql, type Kysely } from 'kysely';

/** Issue 22 item 2: the member's reality-check interval in minutes (15, 30, 60; null = off). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column if not exists reality_check_minutes integer
    check (reality_check_minutes in (15, 30, 60))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member drop column if exists reality_check_minutes`.execute(db);
}
