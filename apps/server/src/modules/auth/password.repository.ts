import type { Database } from '../../db/database';

/** SQL of password changes and reset links; every statement is bounded to one merchant. */
export function passwordRepository(db: Database) {
  return {
    async setPassword(
      merchantId: number,
      memberId: bigint,
      passwordHash: string,
      now: Date,
      o: { clearFirstTimeLogin: boolean },
    ): Promise<void> {
      await db
        .updateTable('member')
        .set({
          password_hash: passwordHash,
          password_changed_at: now,
          ...(o.clearFirstTimeLogin ? { first_time_login: false } : {}),
        })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .execute();
    },

    /** Is this host name one of the merchant's own domains (where a reset link may point)? */
    async ownsDomain(merchantId: number, domain: string): Promise<boolean> {
      const row = await db
        .selectFrom('merchant_domain')
        .select('domain')
        .where('merchant_id', '=', merchantId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertReset(o: {
      merchantId: number;
      memberId: bigint;
      tokenHash: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto('password_reset')
        .values({
          merchant_id: o.merchantId,
          member_id: o.memberId,
          token_hash: o.tokenHash,
          expires_at: o.expiresAt,
          created_at: o.now,
        })
        .execute();
    },

    /**
     * Uses up a live reset link in one statement (so two concurrent uses cannot both win) and answers
     * its member; every other open link of that member is closed with it.
     */
    async consumeReset(merchantId: number, tokenHash: string, now: Date): Promise<bigint | null> {
      const row = await db
        .updateTable('password_reset')
        .set({ used_at: now })
        .where('merchant_id', '=', merchantId)
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('member_id')
        .executeTakeFirst();
      if (!row) return null;
      await db
        .updateTable('password_reset')
        .set({ used_at: now })
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', row.member_id)
        .where('used_at', 'is', null)
        .execute();
      return row.member_id;
    },

    /**
     * Re-opens the code just consumed for (recipient, purpose): used when the code was right but the
     * request was refused for another reason the user can fix (the new password equals the old one),
     * so that the code they still see on screen keeps working. The latest row is the live code: a new
     * code closes the older ones.
     */
    async reopenLatestCode(merchantId: number, recipient: string, purpose: string): Promise<void> {
      await db
        .updateTable('verification_code')
        .set({ used_at: null })
        .where(
          'id',
          '=',
          db
            .selectFrom('verification_code')
            .select((eb) => eb.fn.max('id').as('id'))
            .where('merchant_id', '=', merchantId)
            .where('recipient', '=', recipient)
            .where('purpose', '=', purpose),
        )
        .where('used_at', 'is not', null)
        .execute();
    },
  };
}
export type PasswordRepository = ReturnType<typeof passwordRepository>;
