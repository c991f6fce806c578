import { sql, type Kysely } from 'kysely';

/**
 * The mail centre (issue 19, /m/webEmail). A mail is written once, whoever it is for:
 *
 * - mail: an operator's mail (title, sanitised HTML body) or a system mail (a template key and its
 *   parameters, rendered in the reader's language), with its audience: 'members' (named members, one row
 *   each in mail_recipient: personal and system mail), or a broadcast — 'all' members of the merchant, 'vip'
 *   levels, an agent's 'team' (the agent and every member below it), or member 'types'. A broadcast writes
 *   no row per member: a mailbox reads it by its audience (fan-out on read), among the members registered
 *   when it was sent, so a send to 100,000 members is one insert.
 * - mail_state: what a member did with a mail (read, deleted), written only when it happens; no row means
 *   unread. Marking all read writes a row for each unread mail of that one mailbox.
 *
 * Replaces member_message (migration 0004), whose rows move here as personal operator mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      kind text not null check (kind in ('operator', 'system')),
      audience text not null check (audience in ('members', 'all', 'vip', 'team', 'types')),
      vip_levels integer[],
      agent_id bigint references member (id),
      member_types integer[],
      title text,
      body text,
      template text,
      params jsonb not null default '{}',
      sent_by bigint references member (id),
      recipients integer not null default 0,
      created_at timestamptz not null,
      legacy_id bigint,
      check ((kind = 'operator') = (title is not null and body is not null)),
      check ((kind = 'system') = (template is not null)),
      check ((audience = 'vip') = (vip_levels is not null)),
      check ((audience = 'team') = (agent_id is not null)),
      check ((audience = 'types') = (member_types is not null))
    )`.execute(db);
  await sql`create index mail_broadcast on mail (merchant_id, created_at) where audience <> 'members'`.execute(
    db,
  );
  await sql`create index mail_merchant on mail (merchant_id, id)`.execute(db);
  await sql`
    create table mail_recipient (
      member_id bigint not null references member (id),
      mail_id bigint not null references mail (id),
      primary key (member_id, mail_id)
    )`.execute(db);
  await sql`
    create table mail_state (
      member_id bigint not null references member (id),
      mail_id bigint not null references mail (id),
      read_at timestamptz,
      deleted_at timestamptz,
      primary key (member_id, mail_id)
    )`.execute(db);

  await sql`
    insert into mail (merchant_id, kind, audience, title, body, recipients, created_at, legacy_id)
    select merchant_id, 'operator', 'members', title, content, 1, created_at, id from member_message`.execute(
    db,
  );
  await sql`
    insert into mail_recipient (member_id, mail_id)
    select mm.member_id, m.id from member_message mm join mail m on m.legacy_id = mm.id`.execute(db);
  await sql`
    insert into mail_state (member_id, mail_id, read_at)
    select mm.member_id, m.id, mm.read_at from member_message mm join mail m on m.legacy_id = mm.id
    where mm.read_at is not null`.execute(db);
  await sql`alter table mail drop column legacy_id`.execute(db);
  await sql`drop table member_message`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_message (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id) on delete cascade,
      member_id bigint not null references member (id) on delete cascade,
      title text not null,
      content text not null,
      read_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_message_member on member_message (member_id, read_at)`.execute(db);
  for (const t of ['mail_state', 'mail_recipient', 'mail']) await sql`drop table ${sql.table(t)}`.execute(db);
}
