import { sql, type Kysely } from 'kysely';

/**
 * Invite friends (issue 18, PROMO-003): a member's referral code (made when the member first opens
 * invite friends; unique per merchant) and, on the friend, who invited it (set at registration from the
 * invitation link's ?ref=). The referral promotion pays the inviter once per friend who meets its
 * condition: a claim with period 'friend-<id>', unique like every claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column referral_code text, add column referrer_id bigint references member (id)`.execute(
    db,
  );
  await sql`create unique index member_referral_code on member (merchant_id, referral_code)
    where referral_code is not null`.execute(db);
  await sql`create index member_referrer on member (referrer_id) where referrer_id is not null`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check
    check (kind in ('checkin', 'manual', 'vip', 'referral'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from promotion_claim where promotion_id in (select id from promotion where kind = 'referral')`.execute(
    db,
  );
  await sql`delete from promotion where kind = 'referral'`.execute(db);
  await sql`alter table promotion drop constraint if exists promotion_kind_check`.execute(db);
  await sql`alter table promotion add constraint promotion_kind_check check (kind in ('checkin', 'manual', 'vip'))`.execute(
    db,
  );
  await sql`alter table member drop column referrer_id, drop column referral_code`.execute(db);
}
