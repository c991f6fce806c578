import { sql, type Kysely } from 'kysely';

/**
 * Staff notes on a member (issue 20, the member's profile): what a colleague should know — a call, a
 * promise made, a suspicion. Written by staff with members.write, read with members.read; never shown
 * to the member. Append-only: a note is corrected by another note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists member_note (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      staff_id bigint not null references member (id),
      body text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index if not exists member_note_member on member_note (merchant_id, member_id, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists member_note`.execute(db);
}
