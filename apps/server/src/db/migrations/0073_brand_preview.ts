import { sql, type Kysely } from 'kysely';

/**
 * A draft brand's preview (issue 51 item 2): provider staff open the brand's own domain with a token
 * that lets their browser past the maintenance page for an hour. Only the token's hash is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table brand_preview (
    token_hash text primary key,
    merchant_id integer not null references merchant(id),
    provider_staff_id bigint not null references provider_staff(id),
    expires_at timestamptz not null,
    created_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists brand_preview`.execute(db);
}
