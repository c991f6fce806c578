import { sql, type Kysely } from 'kysely';

/**
 * A closed brand's closing report (issue 51 item 2): written once, in the transaction that closes the
 * brand, with what it held and did and its ledger's checks at that moment. Never changed after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table brand_closing_report (
    merchant_id integer primary key references merchant(id),
    report jsonb not null,
    created_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists brand_closing_report`.execute(db);
}
