import { sql, type Kysely } from 'kysely';

/**
 * The member's head icon (issue 19 item 5, /m/member/home): the file-store key of the picture the member
 * uploaded (checked by content, stored without metadata); null shows the initial instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column if not exists head_icon text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member drop column if exists head_icon`.execute(db);
}
