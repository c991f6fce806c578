import { sql, type Kysely } from 'kysely';

/**
 * Contract settlements (issue 17 item 3 and 4).
 *
 * - member_hour: a member's stakes, refunds and deposits per local hour (merchant's zone) and product
 *   group, for the hourly salary (DESIGN: aggregates, never a scan of bets). Kept where member_day is:
 *   the house roll-up adds the bets and refunds it folds, postTransfer the deposits and the refunds it
 *   posts (lottery cancellations). Hours before this migration are not counted (no hourly contract
 *   existed before it).
 * - contract_run: one row per (merchant, kind, period) a settlement job ran; finished_at set once every
 *   contract in force in that period has its settlement. The next period to run follows the last one.
 * - contract_settlement: what one contract paid (or owes) for one period, with the figures and the tier
 *   it used and the version (contract_id) it followed. Unique per (member, kind, period): at most one
 *   contract of a kind is in force for a member at a period's end, so this is the "(contract, period)"
 *   key and stronger: whatever happens to versions, a member is paid once per kind and period. The row
 *   is written in the transaction of its ledger transfer. `owed`: the upline's wallet was short when it
 *   was due; the operator force-pays it from the platform or voids it with a reason. `nil`: no tier was
 *   reached or the team had no net loss — written too, so both sides see why nothing was paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_hour (
      merchant_id integer not null,
      member_id bigint not null,
      hour timestamp not null,
      product text not null default '',
      bets bigint not null default 0,
      refunds bigint not null default 0,
      deposits bigint not null default 0,
      primary key (member_id, hour, product)
    )`.execute(db);
  await sql`create index member_hour_merchant on member_hour (merchant_id, hour)`.execute(db);
  await sql`
    create table contract_run (
      merchant_id integer not null references merchant (id),
      kind text not null check (kind in ('daily_salary', 'hourly_salary', 'dividend')),
      period_key text not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      started_at timestamptz not null,
      finished_at timestamptz,
      settlements integer not null default 0,
      paid bigint not null default 0,
      owed bigint not null default 0,
      primary key (merchant_id, kind, period_key)
    )`.execute(db);
  await sql`
    create table contract_settlement (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      contract_id bigint not null references contract (id),
      member_id bigint not null references member (id),
      kind text not null check (kind in ('daily_salary', 'hourly_salary', 'dividend')),
      period_key text not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      turnover bigint not null,
      active integer not null,
      net_loss bigint not null,
      carry_in bigint not null default 0 check (carry_in <= 0),
      carry_out bigint not null default 0 check (carry_out <= 0),
      tier integer,
      rate_bp integer not null,
      capped boolean not null default false,
      amount bigint not null check (amount >= 0),
      payer text not null check (payer in ('platform', 'upline')),
      payer_id bigint references member (id),
      status text not null check (status in ('paid', 'owed', 'void', 'nil')),
      transfer_id bigint references ledger_transfer (id),
      settled_at timestamptz not null,
      resolved_at timestamptz,
      resolved_by text,
      reason text,
      unique (member_id, kind, period_key),
      check ((status = 'paid') = (transfer_id is not null)),
      check ((status = 'nil') = (amount = 0))
    )`.execute(db);
  await sql`create index contract_settlement_member on contract_settlement (member_id, kind, period_start desc)`.execute(
    db,
  );
  await sql`create index contract_settlement_payer on contract_settlement (payer_id, period_start desc)
    where payer_id is not null`.execute(db);
  await sql`create index contract_settlement_owed on contract_settlement (merchant_id, period_start)
    where status = 'owed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contract_settlement`.execute(db);
  await sql`drop table contract_run`.execute(db);
  await sql`drop table member_hour`.execute(db);
}
