import type { Database } from '../../db/database';

/** Security-centre SQL: the member's secrets and payee, the merchant's limits and banks, bank cards. */
export function securityRepository(db: Database) {
  return {
    secrets(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['password_hash', 'payment_password_hash', 'payee_name'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
    },

    /**
     * Sets the payment password only if it is still what the caller verified (null for a first one), so
     * that two changes at once cannot both win on a stale check.
     */
    async setPaymentPassword(
      merchantId: number,
      memberId: bigint,
      expected: string | null,
      hash: string,
    ): Promise<boolean> {
      const r = await db
        .updateTable('member')
        .set({ payment_password_hash: hash })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .where((eb) =>
          expected === null
            ? eb('payment_password_hash', 'is', null)
            : eb('payment_password_hash', '=', expected),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Binds the payee name once: false when one is already bound. */
    async bindPayeeName(merchantId: number, memberId: bigint, name: string): Promise<boolean> {
      const r = await db
        .updateTable('member')
        .set({ payee_name: name })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .where('payee_name', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    limits(merchantId: number) {
      return db
        .selectFrom('merchant_cashier')
        .select(['min_withdraw', 'max_withdraw', 'max_cards'])
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },

    withdrawBanks(merchantId: number) {
      return db
        .selectFrom('withdraw_bank')
        .select(['code', 'name'])
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('code')
        .execute();
    },

    /** The member's live cards, with the bank's name (never the encrypted number). */
    cards(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('member_bank_card as c')
        .leftJoin('withdraw_bank as b', (j) =>
          j.onRef('b.merchant_id', '=', 'c.merchant_id').onRef('b.code', '=', 'c.bank_code'),
        )
        .select(['c.id', 'c.bank_code', 'b.name as bank_name', 'c.card_last4', 'c.created_at'])
        .where('c.merchant_id', '=', merchantId)
        .where('c.member_id', '=', memberId)
        .where('c.removed_at', 'is', null)
        .orderBy('c.id')
        .execute();
    },

    /** Locks the member's row: card binding counts and inserts under it, so maxCards holds under races. */
    async lockMember(merchantId: number, memberId: bigint): Promise<void> {
      await db
        .selectFrom('member')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', memberId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
    },

    async liveCardCount(merchantId: number, memberId: bigint): Promise<number> {
      const r = await db
        .selectFrom('member_bank_card')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Inserts a card; false when the same number is already bound at this merchant (the unique index). */
    async insertCard(row: {
      merchantId: number;
      memberId: bigint;
      bankCode: string;
      enc: string;
      last4: string;
      hash: string;
      at: Date;
    }): Promise<bigint | null> {
      const r = await db
        .insertInto('member_bank_card')
        .values({
          merchant_id: row.merchantId,
          member_id: row.memberId,
          bank_code: row.bankCode,
          card_number_enc: row.enc,
          card_last4: row.last4,
          card_hash: row.hash,
          created_at: row.at,
        })
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'card_hash']).where('removed_at', 'is', null).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      return r?.id ?? null;
    },

    /** One live card of this member (another member's card id finds nothing). */
    card(merchantId: number, memberId: bigint, cardId: bigint) {
      return db
        .selectFrom('member_bank_card as c')
        .leftJoin('withdraw_bank as b', (j) =>
          j.onRef('b.merchant_id', '=', 'c.merchant_id').onRef('b.code', '=', 'c.bank_code'),
        )
        .select(['c.id', 'c.bank_code', 'b.name as bank_name', 'c.card_last4', 'c.created_at'])
        .where('c.merchant_id', '=', merchantId)
        .where('c.member_id', '=', memberId)
        .where('c.id', '=', cardId)
        .where('c.removed_at', 'is', null)
        .executeTakeFirst();
    },
  };
}
export type CardRow = NonNullable<Awaited<ReturnType<ReturnType<typeof securityRepository>['card']>>>;
