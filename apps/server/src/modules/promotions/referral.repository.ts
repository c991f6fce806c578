import { sql } from 'kysely';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { Database } from '../../db/database';

/** Invite friends' SQL: referral codes, an inviter's friends, the referral promotion and what it paid. */
export function referralRepository(db: Database) {
  return {
    findReferralCode(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .select('referral_code')
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },

    /** Sets a member's referral code when it has none (a code taken by another member: 23505). */
    async setReferralCodeIfNone(memberId: bigint, code: string): Promise<void> {
      await db
        .updateTable('member')
        .set({ referral_code: code })
        .where('id', '=', memberId)
        .where('referral_code', 'is', null)
        .execute();
    },

    /**
     * The friends an inviter brought (free-trial accounts not), newest first: their deposits and whether
     * each is linked to the inviter (db/functions/member_links.sql).
     */
    async listFriends(inviterId: bigint) {
      return (
        await sql<{ id: bigint; username: string; created_at: Date; deposits: string; linked: boolean }>`
      select f.id, f.username, f.created_at,
        coalesce((select sum(d.deposits) from member_day d where d.member_id = f.id), 0)::text as deposits,
        exists (select 1 from member_links(i.id) l where l.member_id = f.id) as linked
      from member f join member i on i.id = f.referrer_id
      where f.referrer_id = ${inviterId}::bigint and f.type <> ${MEMBER_TYPE.TRIAL}
      order by f.id desc`.execute(db)
      ).rows;
    },

    /** The merchant's enabled referral promotion (the first). */
    findReferralPromotion(merchantId: number) {
      return db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', 'referral')
        .where('enabled', '=', true)
        .orderBy('id')
        .executeTakeFirst();
    },

    /** A member's type, if the member exists. */
    findMemberType(memberId: bigint) {
      return db.selectFrom('member').select('type').where('id', '=', memberId).executeTakeFirst();
    },

    /** A member's type (throws when there is no such member). */
    getMemberType(memberId: bigint) {
      return db.selectFrom('member').select('type').where('id', '=', memberId).executeTakeFirstOrThrow();
    },

    /** What a member's issued and claimed rewards of the promotion sum to (text). */
    sumRewarded(promotionId: bigint, memberId: bigint) {
      return db
        .selectFrom('promotion_claim')
        .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
        .where('promotion_id', '=', promotionId)
        .where('member_id', '=', memberId)
        .where('status', 'in', ['issued', 'claimed'])
        .executeTakeFirstOrThrow();
    },
  };
}
