import { sql, type Kysely } from 'kysely';

/**
 * The provider above the brands (issue 51): its own staff, sessions and audit trail, apart from every
 * merchant's; a brand's status (draft → live → maintenance / suspended → closed) and its history; and the
 * one-time set-up link of a brand's first owner. The demo brands exist already: they are live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table provider_staff (
    id bigint generated always as identity primary key,
    username text not null unique check (username ~ '^[a-z][a-z0-9_]{3,31}$'),
    password_hash text not null,
    role text not null check (role in ('owner', 'onboarding', 'finance', 'support')),
    status text not null default 'active' check (status in ('active', 'disabled')),
    totp_secret text,
    totp_confirmed_at timestamptz,
    totp_last_step bigint,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table provider_session (
    id bigint generated always as identity primary key,
    staff_id bigint not null references provider_staff(id),
    token_hash text not null unique,
    ip text,
    user_agent text,
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create table provider_audit (
    id bigint generated always as identity primary key,
    staff_id bigint references provider_staff(id),
    action text not null,
    merchant_id integer references merchant(id),
    before jsonb,
    after jsonb,
    reason text,
    ip text,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index provider_audit_merchant on provider_audit (merchant_id, id)`.execute(db);

  await sql`alter table merchant add column status text not null default 'live'
    check (status in ('draft', 'live', 'maintenance', 'suspended', 'closed'))`.execute(db);
  await sql`alter table merchant add column status_changed_at timestamptz`.execute(db);
  await sql`create table brand_status_change (
    id bigint generated always as identity primary key,
    merchant_id integer not null references merchant(id),
    from_status text,
    to_status text not null,
    reason text not null,
    provider_staff_id bigint references provider_staff(id),
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index brand_status_change_merchant on brand_status_change (merchant_id, id)`.execute(db);

  // A brand owner's set-up link: only its hash is kept; used once, within its hours.
  await sql`create table staff_setup (
    id bigint generated always as identity primary key,
    merchant_id integer not null references merchant(id),
    member_id bigint not null references member(id),
    token_hash text not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index staff_setup_member on staff_setup (member_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'staff_setup',
    'brand_status_change',
    'provider_audit',
    'provider_session',
    'provider_staff',
  ])
    await sql`drop table if exists ${sql.raw(t)}`.execute(db);
  await sql`alter table merchant drop column if exists status_changed_at`.execute(db);
  await sql`alter table merchant drop column if exists status`.execute(db);
}
