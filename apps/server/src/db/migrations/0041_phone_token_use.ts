import { sql, type Kysely } from 'kysely';

/**
 * Phone-verification ID tokens already used (issue 19 item 6): the token's SHA-256 under a unique key, so
 * a token logs in or registers once; kept until it would have expired anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table phone_token_use (
      token_hash bytea primary key,
      merchant_id integer not null references merchant (id),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index phone_token_use_expiry on phone_token_use (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists phone_token_use`.execute(db);
}
