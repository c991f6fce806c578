import { sql, type Kysely } from 'kysely';

/**
 * Which announcements a member has read (issue 16 item 7: agent announcements, types A, with the unread
 * count of the agent home's footer). A row per (member, announcement), written once when it is opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table announcement_read (
      member_id bigint not null references member (id),
      announcement_id integer not null references announcement (id) on delete cascade,
      read_at timestamptz not null,
      primary key (member_id, announcement_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table announcement_read`.execute(db);
}
