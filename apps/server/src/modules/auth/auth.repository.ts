import type { Database } from '../../db/database';

/**
 * SQL of captchas, one-time verification codes and a registration's referrer; every statement is bounded
 * to one merchant (or to one row found so).
 */
export function authRepository(db: Database) {
  return {
    /** Removes the device's captchas (a new one replaces them). */
    async deleteCaptchas(merchantId: number, device: string): Promise<void> {
      await db
        .deleteFrom('captcha')
        .where('merchant_id', '=', merchantId)
        .where('device', '=', device)
        .execute();
    },

    async insertCaptcha(o: {
      merchantId: number;
      device: string;
      answerHash: string;
      expiresAt: Date;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('captcha')
        .values({
          merchant_id: o.merchantId,
          device: o.device,
          answer_hash: o.answerHash,
          expires_at: o.expiresAt,
          created_at: o.at,
        })
        .execute();
    },

    /** Uses up the device's live captcha; its answer's hash, or undefined when none was live. */
    async useCaptcha(merchantId: number, device: string, now: Date): Promise<string | undefined> {
      const row = await db
        .updateTable('captcha')
        .set({ used_at: now })
        .where('merchant_id', '=', merchantId)
        .where('device', '=', device)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['answer_hash'])
        .executeTakeFirst();
      return row?.answer_hash;
    },

    /** Voids the recipient's unused codes for a purpose (a new code replaces them). */
    async voidCodes(o: { merchantId: number; recipient: string; purpose: string; now: Date }): Promise<void> {
      await db
        .updateTable('verification_code')
        .set({ used_at: o.now })
        .where('merchant_id', '=', o.merchantId)
        .where('recipient', '=', o.recipient)
        .where('purpose', '=', o.purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    async insertCode(o: {
      merchantId: number;
      channel: 'sms' | 'email';
      recipient: string;
      purpose: string;
      codeHash: string;
      expiresAt: Date;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('verification_code')
        .values({
          merchant_id: o.merchantId,
          channel: o.channel,
          recipient: o.recipient,
          purpose: o.purpose,
          code_hash: o.codeHash,
          expires_at: o.expiresAt,
          created_at: o.at,
        })
        .execute();
    },

    /** The recipient's latest live code for a purpose, locked `FOR UPDATE` (its guesses are counted one by one). */
    lockLiveCode(o: { merchantId: number; recipient: string; purpose: string; now: Date }) {
      return db
        .selectFrom('verification_code')
        .select(['id', 'code_hash', 'attempts'])
        .where('merchant_id', '=', o.merchantId)
        .where('recipient', '=', o.recipient)
        .where('purpose', '=', o.purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', o.now)
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
    },

    async setCodeAttempts(id: bigint, attempts: number): Promise<void> {
      await db.updateTable('verification_code').set({ attempts }).where('id', '=', id).execute();
    },

    /** Marks a code used unless it was already: false when another request used it first. */
    async markCodeUsed(id: bigint, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('verification_code')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** The member whose referral code this is (already upper-cased), if any. */
    memberByReferralCode(merchantId: number, referralCode: string) {
      return db
        .selectFrom('member')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('referral_code', '=', referralCode)
        .executeTakeFirst();
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
