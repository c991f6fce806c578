import { sql, type Kysely } from 'kysely';

/**
 * The daily close (issue 52 item 1): one frozen sheet per merchant, reporting day and currency, written
 * once (the key) and never changed by a re-run; finance's sign-off is added to it later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table daily_close (
    merchant_id integer not null references merchant(id),
    day date not null,
    currency text not null,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    status text not null check (status in ('balanced', 'broken')),
    difference bigint not null,
    sheet jsonb not null,
    run_by text not null,
    created_at timestamptz not null,
    signed_by text,
    signed_at timestamptz,
    primary key (merchant_id, day, currency)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists daily_close`.execute(db);
}
