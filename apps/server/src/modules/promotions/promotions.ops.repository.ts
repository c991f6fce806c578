import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { PromotionTable, VipLevelTable } from '../../db/schema';

/** The console's promotion SQL: create and edit promotions (with what their eligibility names), VIP levels. */
export function promotionsOpsRepository(db: Database) {
  return {
    /** The merchant's members of these usernames, with their type. */
    listMemberTypesByUsername(merchantId: number, usernames: string[]) {
      return db
        .selectFrom('member')
        .select(['username', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('username', 'in', usernames)
        .execute();
    },

    /** The codes of these the merchant's promotions have. */
    listPromotionCodesIn(merchantId: number, codes: string[]) {
      return db
        .selectFrom('promotion')
        .select('code')
        .where('merchant_id', '=', merchantId)
        .where('code', 'in', codes)
        .execute();
    },

    /** A new promotion, unless the merchant has one of its code (undefined then); its id. */
    insertPromotion(row: Insertable<PromotionTable>) {
      return db
        .insertInto('promotion')
        .values(row)
        .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    /** One promotion of the merchant, its row locked (FOR NO KEY UPDATE) until the transaction ends. */
    lockPromotion(merchantId: number, id: bigint) {
      return db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    async updatePromotion(id: bigint, set: Updateable<PromotionTable>): Promise<void> {
      await db.updateTable('promotion').set(set).where('id', '=', id).execute();
    },

    /** The merchant's VIP levels (every column), lowest first. */
    listVipLevels(merchantId: number) {
      return db
        .selectFrom('vip_level')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('level')
        .execute();
    },

    async deleteVipLevels(merchantId: number): Promise<void> {
      await db.deleteFrom('vip_level').where('merchant_id', '=', merchantId).execute();
    },

    async insertVipLevels(rows: Insertable<VipLevelTable>[]): Promise<void> {
      await db.insertInto('vip_level').values(rows).execute();
    },
  };
}
