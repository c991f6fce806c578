import { sql, type Kysely } from 'kysely';

/**
 * Feedback (issue 19 item 3, /m/feedback): a member's message to the operator (category, content within
 * the merchant's word bounds, up to 3 images checked by content and stored without metadata in the file
 * store), and the operator's replies. Status: open → replied → closed (or closed with a reply).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table feedback (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      category text not null,
      content text not null,
      status text not null default 'open' check (status in ('open', 'replied', 'closed')),
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index feedback_member on feedback (member_id, id)`.execute(db);
  await sql`create index feedback_merchant on feedback (merchant_id, status, id)`.execute(db);
  await sql`
    create table feedback_image (
      feedback_id bigint not null references feedback (id),
      n integer not null check (n between 1 and 3),
      file_key text not null,
      content_type text not null check (content_type in ('image/png', 'image/jpeg')),
      bytes integer not null,
      width integer not null,
      height integer not null,
      primary key (feedback_id, n)
    )`.execute(db);
  await sql`
    create table feedback_reply (
      id bigserial primary key,
      feedback_id bigint not null references feedback (id),
      staff_id bigint not null references member (id),
      content text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index feedback_reply_feedback on feedback_reply (feedback_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['feedback_reply', 'feedback_image', 'feedback'])
    await sql`drop table ${sql.table(t)}`.execute(db);
}
