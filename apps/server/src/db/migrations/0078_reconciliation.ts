import { sql, type Kysely } from 'kysely';

/**
 * Reconciliation with Hub88 and PayMongo (issue 52 items 2–4): one run per (merchant, day, source) and
 * the breaks it found — one per (merchant, source, their or our reference), whoever runs it — each
 * resolved once, with a reason. (A run stages the outside party's items in a table of its own, made and
 * dropped by the run: reconciliation.repository.ts.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recon_run (
    merchant_id integer not null references merchant(id),
    day date not null,
    source text not null check (source in ('hub88', 'paymongo')),
    status text not null check (status in ('running', 'done', 'failed')),
    theirs integer not null default 0,
    ours integer not null default 0,
    matched integer not null default 0,
    breaks integer not null default 0,
    pages integer not null default 0,
    fees bigint not null default 0,
    error text,
    run_by text not null,
    started_at timestamptz not null,
    finished_at timestamptz,
    primary key (merchant_id, day, source)
  )`.execute(db);
  await sql`create table recon_break (
    id bigserial primary key,
    merchant_id integer not null references merchant(id),
    day date not null,
    source text not null,
    ref text not null,
    kind text not null check (kind in ('only_theirs', 'only_ours', 'amount_differs', 'status_differs', 'refunded')),
    round text,
    member_id bigint,
    their_amount bigint,
    our_amount bigint,
    their_status text,
    our_status text,
    theirs jsonb,
    ours jsonb,
    status text not null default 'open' check (status in ('open', 'resolved')),
    resolution text check (resolution in ('credit', 'debit', 'explained')),
    moved bigint,
    transfer_id bigint,
    reason text,
    resolved_by text,
    resolved_at timestamptz,
    created_at timestamptz not null,
    unique (merchant_id, source, ref)
  )`.execute(db);
  await sql`create index recon_break_day on recon_break (merchant_id, day, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists recon_break`.execute(db);
  await sql`drop table if exists recon_run`.execute(db);
}
