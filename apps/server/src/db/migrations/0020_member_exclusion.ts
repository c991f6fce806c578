import { sql, type Kysely } from 'kysely';

/**
 * Issue 22 item 3: time-outs and self-exclusions with an end. The member row carries the one in force
 * (status 'self_excluded', its kind and end; null end = permanent), so that every existing gate that
 * admits only active members (sessions, login, vendor callbacks) refuses it at once; member_exclusion
 * keeps every exclusion ever taken or imposed, with who and why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column if not exists excluded_until timestamptz`.execute(db);
  await sql`alter table member add column if not exists exclusion_kind text
    check (exclusion_kind in ('timeout', 'self_exclusion'))`.execute(db);
  await sql`
    create table if not exists member_exclusion (
      id bigint generated always as identity primary key,
      merchant_id integer not null,
      member_id bigint not null references member(id),
      kind text not null check (kind in ('timeout', 'self_exclusion')),
      period text not null,
      starts_at timestamptz not null,
      ends_at timestamptz,
      created_by text not null,
      reason text
    )`.execute(db);
  await sql`create index if not exists member_exclusion_member on member_exclusion (member_id, starts_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists member_exclusion`.execute(db);
  await sql`alter table member drop column if exists exclusion_kind`.execute(db);
  await sql`alter table member drop column if exists excluded_until`.execute(db);
}
