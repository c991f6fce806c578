import { sql, type Kysely } from 'kysely';

/**
 * A brand's commercial terms with the provider (issue 51 item 3): versions, each from its start day until
 * the next one's; the provider's share of NGR per product group (basis points) and the monthly minimum
 * fee (minor units). A day has at most one version: (merchant, starts_on) is the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table brand_terms (
    merchant_id integer not null references merchant(id),
    starts_on date not null,
    shares jsonb not null,
    minimum_fee bigint not null check (minimum_fee >= 0),
    note text,
    provider_staff_id bigint references provider_staff(id),
    created_at timestamptz not null,
    primary key (merchant_id, starts_on)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists brand_terms`.execute(db);
}
