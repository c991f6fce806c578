import { sql, type Kysely } from 'kysely';

/**
 * Know your customer (issue 53 items 1 and 2): each merchant's verification settings (what each level
 * allows, when a level is required), the contacts a member proved (level 1), and the documents a member
 * sent with staff's review (levels 2 and 3). A member's level is read from these, never stored: an
 * expired document lowers it by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table kyc_settings (
    merchant_id integer primary key references merchant(id),
    settings jsonb not null,
    updated_by text not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create table kyc_contact (
    merchant_id integer not null references merchant(id),
    member_id bigint not null references member(id),
    channel text not null check (channel in ('mobile', 'email')),
    value text not null,
    confirmed_at timestamptz not null,
    primary key (member_id, channel)
  )`.execute(db);
  await sql`create table kyc_document (
    id bigserial primary key,
    merchant_id integer not null references merchant(id),
    member_id bigint not null references member(id),
    kind text not null check (kind in ('identity', 'address')),
    id_type text,
    full_name text not null,
    birth_date date not null,
    images jsonb not null,
    status text not null default 'pending'
      check (status in ('pending', 'checking', 'approved', 'rejected', 'more_needed')),
    reason text,
    first_reviewer text,
    reviewed_by text,
    decided_at timestamptz,
    expires_on date,
    created_at timestamptz not null
  )`.execute(db);
  // One document of a kind waits for review at a time.
  await sql`create unique index kyc_document_waiting on kyc_document (member_id, kind)
    where status in ('pending', 'checking')`.execute(db);
  await sql`create index kyc_document_member on kyc_document (merchant_id, member_id, kind, status)`.execute(
    db,
  );
  await sql`create index kyc_document_queue on kyc_document (merchant_id, status, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists kyc_document`.execute(db);
  await sql`drop table if exists kyc_contact`.execute(db);
  await sql`drop table if exists kyc_settings`.execute(db);
}
