import { sql, type Kysely } from 'kysely';

/**
 * The daily rebate run (issue 16 item 3; DESIGN "payout runs"). For each closed reporting day of a
 * merchant, the run turns the day's valid turnover per member and product group (member_day: bets less
 * refunds) into differential rebate lines, then pays each beneficiary once:
 * - rebate_run: one row per (merchant, day), written with the day's lines in one transaction;
 * - rebate_line: what a beneficiary earned that day from one source (its own bets, or the direct downline
 *   through which the turnover came) in one product group — the rebate income report reads it;
 * - rebate_settlement: one row per (merchant, day, beneficiary, kind) written with its ledger transfer in
 *   one transaction; the primary key is what makes the payment exactly once. A day whose refunds outweigh
 *   its bets (a bet of an earlier day cancelled) gives negative lines: they reverse what was paid, netted
 *   with the day's earnings, and a net below zero is carried (carry_out) into the beneficiary's next
 *   settlement instead of taking its wallet below zero.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rebate_run (
      merchant_id integer not null references merchant(id),
      day date not null,
      lines integer not null,
      turnover bigint not null,
      amount bigint not null,
      computed_at timestamptz not null,
      paid_at timestamptz,
      primary key (merchant_id, day)
    )`.execute(db);
  await sql`
    create table rebate_line (
      merchant_id integer not null,
      day date not null,
      beneficiary_id bigint not null references member(id),
      kind text not null check (kind in ('rebate', 'commission')),
      source_id bigint not null references member(id),
      product text not null,
      turnover bigint not null,
      rate_bp integer not null,
      amount bigint not null,
      primary key (merchant_id, day, beneficiary_id, kind, source_id, product)
    )`.execute(db);
  await sql`create index rebate_line_beneficiary on rebate_line (beneficiary_id, day)`.execute(db);
  await sql`
    create table rebate_settlement (
      merchant_id integer not null,
      day date not null,
      beneficiary_id bigint not null references member(id),
      kind text not null check (kind in ('rebate', 'commission')),
      amount bigint not null,
      carry_in bigint not null check (carry_in <= 0),
      paid bigint not null check (paid >= 0),
      carry_out bigint not null check (carry_out <= 0),
      transfer_id bigint references ledger_transfer(id) deferrable initially deferred,
      settled_at timestamptz not null,
      primary key (merchant_id, day, beneficiary_id, kind),
      check (paid + carry_out = amount + carry_in)
    )`.execute(db);
  await sql`create index rebate_settlement_beneficiary on rebate_settlement (beneficiary_id, kind, day)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rebate_settlement`.execute(db);
  await sql`drop table rebate_line`.execute(db);
  await sql`drop table rebate_run`.execute(db);
}
