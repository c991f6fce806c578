import { sql, type Kysely } from 'kysely';

/**
 * Rebate promotions (issue 18 item 2): a merchant's rebate on valid turnover, a rate per product group and
 * VIP level (the promotion's reward). A member may take today's rebate so far at any time (manual rebate,
 * MANPLAYREB3: claims with period '<day>/<n>'); once a day has closed, the daily run pays each member the
 * rebate of what was not taken yet (the claim with period '<day>'). Every claim keeps its lines here, per
 * product group: the turnover it rebated, the rate and the amount; what a day still owes is its turnover
 * less the lines' turnover already claimed. The run's cursor (promotion_rebate_run) moves with each chunk
 * it pays, in the chunk's transaction, so a run killed mid-way goes on from the last chunk committed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral', 'rebate'))`.execute(db);
  await sql`
    create table promotion_rebate (
      claim_id bigint not null references promotion_claim (id),
      product text not null,
      merchant_id integer not null,
      promotion_id bigint not null,
      member_id bigint not null,
      day date not null,
      turnover bigint not null check (turnover > 0),
      rate_bp integer not null check (rate_bp >= 0),
      amount bigint not null check (amount >= 0),
      primary key (claim_id, product)
    )`.execute(db);
  await sql`create index promotion_rebate_member_day on promotion_rebate (member_id, promotion_id, day)`.execute(
    db,
  );
  await sql`
    create table promotion_rebate_run (
      promotion_id bigint not null references promotion (id),
      day date not null,
      upto_member bigint not null default 0,
      claims integer not null default 0,
      amount bigint not null default 0,
      started_at timestamptz not null,
      done_at timestamptz,
      primary key (promotion_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists promotion_rebate_run`.execute(db);
  await sql`drop table if exists promotion_rebate`.execute(db);
  await sql`delete from promotion_claim where promotion_id in (select id from promotion where kind = 'rebate')`.execute(
    db,
  );
  await sql`delete from promotion where kind = 'rebate'`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral'))`.execute(db);
}
