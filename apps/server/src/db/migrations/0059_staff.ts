import { sql, type Kysely } from 'kysely';

/**
 * Staff of a merchant (issue 20): a staff member (a member of type ≥ 90) has one role, which fixes what
 * the operator routes let it do, and a TOTP second factor. The secret is pending (set, unconfirmed) from
 * the first password sign-in until the first code from it is accepted; `totp_last_step` is the last
 * accepted 30 s step, so a code is used once. Staff sessions end after `idle_minutes` without a request.
 * Staff that existed before keep every right (owner).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table staff_account (
    member_id bigint primary key references member (id),
    merchant_id integer not null references merchant (id),
    role text not null check (role in ('owner', 'finance', 'risk', 'support', 'marketing', 'content')),
    totp_secret text check (totp_secret is null or totp_secret ~ '^[A-Z2-7]{32}$'),
    totp_confirmed_at timestamptz,
    totp_last_step bigint,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index staff_account_merchant on staff_account (merchant_id, role)`.execute(db);
  await sql`insert into staff_account (member_id, merchant_id, role)
    select id, merchant_id, 'owner' from member where type >= 90`.execute(db);
  await sql`alter table member_session add column idle_minutes integer
    check (idle_minutes is null or idle_minutes > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_session drop column if exists idle_minutes`.execute(db);
  await sql`drop table if exists staff_account`.execute(db);
}
