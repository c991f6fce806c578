import { sql, type Kysely } from 'kysely';

/**
 * The promotion engine (issue 18), first kinds: daily check-in and operator-granted rewards. A promotion
 * holds its texts per language, period, reward, turnover multiplier and budget with the amount granted
 * so far (the check keeps the budget even if a statement forgot its condition). A claim is unique per
 * (promotion, member, period) — the key that makes a second credit impossible — and carries a copy of
 * the terms it was granted under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promotion (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      code text not null,
      kind text not null check (kind in ('checkin', 'manual')),
      category text not null default 'general',
      texts jsonb not null,
      period text not null check (period in ('once', 'daily', 'weekly', 'monthly')),
      reward jsonb not null,
      wagering_multiplier_tenths integer not null default 0 check (wagering_multiplier_tenths >= 0),
      budget bigint check (budget is null or budget >= 0),
      granted bigint not null default 0,
      starts_at timestamptz not null,
      ends_at timestamptz,
      enabled boolean not null default true,
      sort integer not null default 100,
      created_at timestamptz not null,
      unique (merchant_id, code),
      check (budget is null or granted <= budget)
    )`.execute(db);
  await sql`
    create table promotion_claim (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      promotion_id bigint not null references promotion (id),
      member_id bigint not null references member (id),
      period_key text not null,
      status text not null
        check (status in ('applying', 'rejected', 'issued', 'claimed', 'signed', 'expired', 'forfeited')),
      amount bigint not null check (amount >= 0),
      terms jsonb not null,
      streak integer,
      reason text,
      transfer_id bigint,
      expires_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (promotion_id, member_id, period_key)
    )`.execute(db);
  await sql`create index promotion_claim_member on promotion_claim (member_id, status, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists promotion_claim`.execute(db);
  await sql`drop table if exists promotion`.execute(db);
}
