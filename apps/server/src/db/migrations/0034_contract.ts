import { sql, type Kysely } from 'kysely';

/**
 * Agent contracts (issue 17): daily salary, hourly salary and dividend terms an upline offers a direct
 * downline (or the operator a top agent: `upline_id` null, `offered_by_staff` set). Every offer is a new
 * row and a new version per (member, kind); rows are never rewritten except for their status, so a
 * settlement can always name the exact terms it used. At most one pending and one active contract per
 * (member, kind), enforced by partial unique indexes (two offers racing: one wins, the other is refused).
 * Tiers are JSON: [{turnover: minor units as text, active, rate: basis points}], lowest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contract (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      kind text not null check (kind in ('daily_salary', 'hourly_salary', 'dividend')),
      version integer not null check (version > 0),
      upline_id bigint references member (id),
      offered_by_staff bigint references member (id),
      scope text not null check (scope in ('all', 'lottery')),
      tiers jsonb not null,
      cap bigint check (cap is null or cap > 0),
      status text not null
        check (status in ('pending', 'active', 'refused', 'withdrawn', 'replaced', 'terminated')),
      offered_at timestamptz not null,
      decided_at timestamptz,
      ends_at timestamptz,
      check ((upline_id is null) <> (offered_by_staff is null)),
      unique (member_id, kind, version)
    )`.execute(db);
  await sql`create unique index contract_one_pending on contract (member_id, kind) where status = 'pending'`.execute(
    db,
  );
  await sql`create unique index contract_one_active on contract (member_id, kind) where status = 'active'`.execute(
    db,
  );
  await sql`create index contract_upline on contract (upline_id, member_id) where upline_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contract`.execute(db);
}
