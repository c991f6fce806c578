import { sql, type Kysely } from 'kysely';

/**
 * Missions and leaderboard races (issue 18 item 2, /m/leaderBoard with MISSION): a mission pays its
 * reward once per period when the member's valid turnover (of a product group, or all) or deposits in
 * the period reach its target; a race ranks the members by valid turnover in the period and, once the
 * period has closed, issues each prize of its table to the member at that place (claims with the
 * period's key: once). Both read member_day; nothing new is stored but the promotion's kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral', 'rebate', 'apply', 'mission', 'leaderboard'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from promotion_claim where promotion_id in
    (select id from promotion where kind in ('mission', 'leaderboard'))`.execute(db);
  await sql`delete from promotion where kind in ('mission', 'leaderboard')`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral', 'rebate', 'apply'))`.execute(db);
}
