import type { Database } from '../../db/database';

/** The contact columns a member changes on the profile. */
type ContactColumn = 'qq_num' | 'facebook' | 'wechat' | 'line' | 'whatsapp' | 'zalo';

/** SQL of the member's own profile: every statement is bounded to the member (and its merchant). */
export function profileRepository(db: Database) {
  return {
    /** The member's row, if the merchant has it. */
    member(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    /** The member's head icon, the row locked `FOR NO KEY UPDATE`; undefined when there is no such member. */
    lockHeadIcon(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .select('head_icon')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    async setHeadIcon(memberId: bigint, key: string): Promise<void> {
      await db.updateTable('member').set({ head_icon: key }).where('id', '=', memberId).execute();
    },

    /** Writes the contact fields given; false when there is no such member. */
    async setContact(
      merchantId: number,
      memberId: bigint,
      set: Partial<Record<ContactColumn, string | null>>,
    ): Promise<boolean> {
      const r = await db
        .updateTable('member')
        .set(set)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return r.numUpdatedRows !== 0n;
    },

    /** Writes the nickname; false when there is no such member. */
    async setNickname(merchantId: number, memberId: bigint, nickname: string): Promise<boolean> {
      const r = await db
        .updateTable('member')
        .set({ nickname })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirst();
      return r.numUpdatedRows !== 0n;
    },
  };
}
export type ProfileRepository = ReturnType<typeof profileRepository>;
