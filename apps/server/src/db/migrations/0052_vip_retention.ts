import { sql, type Kysely } from 'kysely';

/**
 * The VIP club's retention, relegation and monthly bonus (issue 18 item 5) as merchant rules per level:
 * what a member at the level must deposit and turn over (valid turnover) in a calendar month of the
 * merchant to keep it (0 and 0: kept once reached, the rule before), and the monthly bonus the level
 * gives. Once a month has closed, each member above level 0 is reviewed once (vip_review, unique per
 * member and month): kept — the level's monthly bonus is issued into the reward centre (claim of the
 * merchant's monthly VIP promotion, key month-YYYY-MM) — or relegated one level, and the figures towards
 * the next levels count again from the first day after that month (member.vip_since), so a relegated
 * member is not raised straight back by the figures that already counted. A level raised within the month
 * (member.vip_raised_at) is kept at that month's review. Level-up bonuses stay once per level and member,
 * whatever happens. vip_month_job marks a merchant's month reviewed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table vip_level
      add column retain_deposits bigint not null default 0 check (retain_deposits >= 0),
      add column retain_turnover bigint not null default 0 check (retain_turnover >= 0),
      add column monthly_bonus bigint not null default 0 check (monthly_bonus >= 0)`.execute(db);
  await sql`alter table member add column vip_since date, add column vip_raised_at timestamptz`.execute(db);
  // A member at a level today starts with a month's grace: a level raised within a month is not reviewed
  // at its end.
  await sql`update member set vip_raised_at = now() where vip_level > 0`.execute(db);
  await sql`
    create table vip_review (
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      month text not null,
      level_before smallint not null,
      level_after smallint not null,
      deposits bigint not null,
      turnover bigint not null,
      reviewed_at timestamptz not null,
      primary key (member_id, month)
    )`.execute(db);
  await sql`create index vip_review_merchant_month on vip_review (merchant_id, month)`.execute(db);
  // The months whose review has run, per merchant.
  await sql`
    create table vip_month_job (
      merchant_id integer not null references merchant (id),
      month text not null,
      kept integer not null,
      relegated integer not null,
      done_at timestamptz not null,
      primary key (merchant_id, month)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists vip_month_job`.execute(db);
  await sql`drop table if exists vip_review`.execute(db);
  await sql`alter table member drop column if exists vip_since, drop column if exists vip_raised_at`.execute(
    db,
  );
  await sql`alter table vip_level drop column retain_deposits, drop column retain_turnover,
    drop column monthly_bonus`.execute(db);
}
