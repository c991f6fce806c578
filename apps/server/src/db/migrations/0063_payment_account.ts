import { sql, type Kysely } from 'kysely';

/**
 * A merchant's account at a payment provider (issue 21: PayMongo): where its API is, its secret key and
 * webhook secret (sealed at rest with AES-256-GCM, the merchant and provider bound in, lib/sealed.ts), and
 * whether it runs in test or live mode. The methods it collects are the merchant's deposit_method rows
 * with this provider (their limits and order as for any method).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists payment_account (
      merchant_id integer not null references merchant (id),
      provider text not null,
      api_url text not null,
      secret_key_sealed text not null,
      secret_key_last4 text not null,
      webhook_secret_sealed text not null,
      livemode boolean not null default false,
      updated_at timestamptz not null,
      updated_by text not null,
      primary key (merchant_id, provider)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists payment_account`.execute(db);
}
