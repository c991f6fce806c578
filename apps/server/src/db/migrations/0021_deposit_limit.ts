import { sql, type Kysely } from 'kysely';

/**
 * Issue 22 item 1: a member's limits, one row per (member, kind, span): the amount in force and a raise
 * or removal waiting for its cooling-off (pending_from; pending_amount null = removal).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists protection_limit (
      merchant_id integer not null,
      member_id bigint not null references member(id),
      kind text not null check (kind in ('deposit')),
      span text not null check (span in ('day', 'week', 'month')),
      amount bigint check (amount > 0),
      pending_amount bigint check (pending_amount > 0),
      pending_from timestamptz,
      updated_at timestamptz not null,
      primary key (member_id, kind, span)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists protection_limit`.execute(db);
}
