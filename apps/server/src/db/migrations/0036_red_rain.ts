import { sql, type Kysely } from 'kysely';

/**
 * Red envelope rain (issue 17, /m/redRain): an agent funds a rain for its team or chosen downlines.
 *
 * - ledger_account kind 'held': money set aside for one purpose, never below zero. A rain holds its
 *   budget in a few held accounts (ref 'rain:<id>:<shard>'), so that claims on different envelopes do not
 *   queue on one balance row; the ledger itself refuses paying out more than a shard holds.
 * - rain: the agent's terms (budget, envelopes, minimum, window, per-member limit, audience) and where its
 *   money went (the funding transfer, the return of the rest at the end).
 * - rain_member: the chosen downlines when the audience is not the whole team.
 * - rain_envelope: the budget split when the rain is scheduled, one row per envelope. A claim takes one
 *   free envelope (skip locked) and writes (member, claim_no) on it; unique (rain, member, claim_no) with
 *   claim_no ≤ the limit is the per-member limit, so a repeated claim cannot take a second envelope.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account drop constraint ledger_account_kind_check`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_kind_check check (kind in ('member_wallet',
    'house', 'promotion', 'payment_clearing', 'vendor_clearing', 'pending_withdrawal', 'agent_commission',
    'adjustment', 'held'))`.execute(db);
  await sql`
    create table rain (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      agent_id bigint not null references member (id),
      currency text not null,
      budget bigint not null check (budget > 0),
      envelopes integer not null check (envelopes > 0),
      min_amount bigint not null check (min_amount > 0),
      per_member integer not null check (per_member > 0),
      audience text not null check (audience in ('team', 'chosen')),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      status text not null default 'scheduled' check (status in ('scheduled', 'finished', 'cancelled')),
      held_accounts bigint[] not null,
      fund_transfer_id bigint not null references ledger_transfer (id),
      return_transfer_id bigint references ledger_transfer (id),
      returned bigint not null default 0,
      created_at timestamptz not null,
      finished_at timestamptz,
      check (ends_at > starts_at),
      check (budget >= envelopes * min_amount)
    )`.execute(db);
  await sql`create index rain_agent on rain (agent_id, created_at desc)`.execute(db);
  await sql`create index rain_open on rain (merchant_id, ends_at) where status = 'scheduled'`.execute(db);
  await sql`
    create table rain_member (
      rain_id bigint not null references rain (id),
      member_id bigint not null references member (id),
      primary key (rain_id, member_id)
    )`.execute(db);
  await sql`
    create table rain_envelope (
      rain_id bigint not null references rain (id),
      n integer not null,
      amount bigint not null check (amount > 0),
      member_id bigint references member (id),
      claim_no integer,
      claimed_at timestamptz,
      transfer_id bigint references ledger_transfer (id),
      primary key (rain_id, n),
      check ((member_id is null) = (claim_no is null))
    )`.execute(db);
  await sql`create unique index rain_envelope_claim on rain_envelope (rain_id, member_id, claim_no)
    where member_id is not null`.execute(db);
  await sql`create index rain_envelope_free on rain_envelope (rain_id, n) where member_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rain_envelope`.execute(db);
  await sql`drop table rain_member`.execute(db);
  await sql`drop table rain`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_kind_check`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_kind_check check (kind in ('member_wallet',
    'house', 'promotion', 'payment_clearing', 'vendor_clearing', 'pending_withdrawal', 'agent_commission',
    'adjustment'))`.execute(db);
}
