import { sql, type Kysely } from 'kysely';

/**
 * Ledger entries partitioned by month (issue 54 item 6). The ledger is the one table that grows with every
 * bet (two entries each), for as long as the licence says it is kept: by month, each partition's indexes
 * stay the size of a month, a statement or a report over a span of days reads only the months it covers
 * (partition pruning on `created_at`), vacuum and analyze work a month at a time, and a month that has
 * passed its retention can be detached and archived whole (docs/scale.md, "Retention") instead of
 * deleted row by row — which the append-only triggers forbid anyway.
 *
 * - The key becomes (id, created_at): a partitioned table's unique keys must hold its partition key. `id`
 *   still comes from one sequence (nothing refers to an entry by key; entries are found by account or
 *   by transfer). PostgreSQL 15 has no identity column on a partitioned table, so the sequence is a
 *   plain one owned by the column.
 * - A default partition takes what no month holds (an entry dated far from now by a test clock, or a month
 *   nobody made yet): an insert never fails for want of a partition. `ledger_entry_partitions` (db/functions)
 *   makes the months ahead; the server calls it at start and every hour.
 * - Append-only stays: the statement triggers on the parent, and the same on every partition, so that a
 *   statement aimed at a partition directly is refused too.
 * - The existing entries are copied over, keeping their ids (on a large ledger this is the long part:
 *   plan it for a quiet hour; docs/operations.md).
 */
const monthName = (d: Date) =>
  `ledger_entry_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));

async function appendOnly(db: Kysely<unknown>, table: string) {
  await sql`
    create trigger ${sql.raw(`${table}_append_only`)} before update or delete or truncate on ${sql.table(table)}
    for each statement execute function refuse_change('the ledger is append-only')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const last = await sql<{ m: string }>`select coalesce(max(id), 0)::text as m from ledger_entry`.execute(db);
  await sql`alter table ledger_entry rename to ledger_entry_unpartitioned`.execute(db);
  for (const index of ['pkey', 'account', 'transfer', 'account_time'])
    await sql`alter index if exists ${sql.raw(`ledger_entry_${index}`)} rename to ${sql.raw(`ledger_entry_unpartitioned_${index}`)}`.execute(
      db,
    );
  await sql`alter table ledger_entry_unpartitioned alter column id drop identity if exists`.execute(db);
  await sql`create sequence ledger_entry_id_seq start with ${sql.lit(Number(last.rows[0]!.m) + 1)}`.execute(
    db,
  );
  await sql`
    create table ledger_entry (
      id bigint not null default nextval('ledger_entry_id_seq'),
      transfer_id bigint not null,
      account_id bigint not null references ledger_account (id),
      amount bigint not null,
      balance_after bigint,
      created_at timestamptz not null default now(),
      constraint ledger_entry_pkey primary key (id, created_at)
    ) partition by range (created_at)`.execute(db);
  await sql`alter sequence ledger_entry_id_seq owned by ledger_entry.id`.execute(db);
  await sql`create index ledger_entry_account on ledger_entry (account_id, id)`.execute(db);
  await sql`create index ledger_entry_transfer on ledger_entry (transfer_id)`.execute(db);
  await sql`create index ledger_entry_account_time on ledger_entry (account_id, created_at)`.execute(db);
  await sql`create table ledger_entry_default partition of ledger_entry default`.execute(db);
  await appendOnly(db, 'ledger_entry');
  await appendOnly(db, 'ledger_entry_default');

  // A partition for every month that holds entries, and for last month through three months ahead.
  const months = await sql<{ m: Date }>`
    select distinct date_trunc('month', created_at at time zone 'UTC') at time zone 'UTC' as m
    from ledger_entry_unpartitioned
    union
    select date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' + k * interval '1 month'
    from generate_series(-1, 3) k`.execute(db);
  for (const { m } of months.rows) {
    const from = new Date(m);
    const name = monthName(from);
    await sql`create table ${sql.table(name)} partition of ledger_entry
      for values from (${sql.lit(from.toISOString())}) to (${sql.lit(nextMonth(from).toISOString())})`.execute(
      db,
    );
    await appendOnly(db, name);
  }
  await sql`
    insert into ledger_entry (id, transfer_id, account_id, amount, balance_after, created_at)
    select id, transfer_id, account_id, amount, balance_after, created_at from ledger_entry_unpartitioned`.execute(
    db,
  );
  await sql`drop table ledger_entry_unpartitioned`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entry rename to ledger_entry_partitioned`.execute(db);
  for (const index of ['pkey', 'account', 'transfer', 'account_time'])
    await sql`alter index if exists ${sql.raw(`ledger_entry_${index}`)} rename to ${sql.raw(`ledger_entry_partitioned_${index}`)}`.execute(
      db,
    );
  await sql`alter sequence ledger_entry_id_seq rename to ledger_entry_partitioned_id_seq`.execute(db);
  await sql`
    create table ledger_entry (
      id bigint primary key generated always as identity,
      transfer_id bigint not null,
      account_id bigint not null references ledger_account (id),
      amount bigint not null,
      balance_after bigint,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    insert into ledger_entry (id, transfer_id, account_id, amount, balance_after, created_at)
    overriding system value
    select id, transfer_id, account_id, amount, balance_after, created_at from ledger_entry_partitioned`.execute(
    db,
  );
  await sql`select setval(pg_get_serial_sequence('ledger_entry', 'id'), coalesce(max(id), 0) + 1, false)
    from ledger_entry`.execute(db);
  await sql`create index ledger_entry_account on ledger_entry (account_id, id)`.execute(db);
  await sql`create index ledger_entry_transfer on ledger_entry (transfer_id)`.execute(db);
  await sql`create index ledger_entry_account_time on ledger_entry (account_id, created_at)`.execute(db);
  await appendOnly(db, 'ledger_entry');
  await sql`drop table ledger_entry_partitioned`.execute(db);
}
