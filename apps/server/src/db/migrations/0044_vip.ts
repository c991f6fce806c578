import { sql, type Kysely } from 'kysely';

/**
 * The VIP club (issue 18 item 5; PROMO-002): a merchant's levels, each reached by cumulative deposits
 * and valid turnover (stakes less refunds, from member_day), with its names per language and its level-up
 * bonus. A level once reached is kept (the merchant rule this increment builds; relegation comes with the
 * back office's level rules). member.vip_level is the level the member has been raised to; the level-up
 * bonus is a claim of the merchant's 'vip' promotion per level crossed (period 'level-N'), so the unique
 * claim key makes it exactly once per (member, level) however often the level is worked out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table vip_level (
      merchant_id integer not null references merchant (id),
      level smallint not null check (level between 0 and 100),
      names jsonb not null,
      deposits_required bigint not null default 0 check (deposits_required >= 0),
      turnover_required bigint not null default 0 check (turnover_required >= 0),
      level_up_bonus bigint not null default 0 check (level_up_bonus >= 0),
      primary key (merchant_id, level)
    )`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists vip_level`.execute(db);
  await sql`delete from promotion where kind = 'vip'`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check check (kind in ('checkin', 'manual'))`.execute(
    db,
  );
}
