import { sql, type Kysely } from 'kysely';

/**
 * Anti-money-laundering monitoring (issue 53 item 3): the cases the rules open — one per (merchant, rule,
 * member, subject), whoever finds it first — which may freeze the member's withdrawals until decided,
 * and each merchant's scan cursor (the last ledger transfer the rules have seen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table aml_case (
    id bigserial primary key,
    merchant_id integer not null references merchant(id),
    rule text not null check (rule in ('covered', 'structuring', 'low_play')),
    member_id bigint not null,
    subject text not null,
    amount bigint not null,
    evidence jsonb not null,
    status text not null default 'open' check (status in ('open', 'escalated', 'closed', 'filed')),
    freezes_withdrawals boolean not null default false,
    opened_at timestamptz not null,
    decided_by text,
    decided_at timestamptz,
    note text,
    unique (merchant_id, rule, member_id, subject)
  )`.execute(db);
  await sql`create index aml_case_status on aml_case (merchant_id, status, opened_at desc)`.execute(db);
  // The member's withdrawals are held while a case that freezes them is undecided.
  await sql`create index aml_case_freeze on aml_case (merchant_id, member_id)
    where freezes_withdrawals and status in ('open', 'escalated')`.execute(db);
  await sql`create table aml_cursor (
    merchant_id integer primary key references merchant(id),
    last_transfer_id bigint not null,
    scanned_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists aml_cursor`.execute(db);
  await sql`drop table if exists aml_case`.execute(db);
}
