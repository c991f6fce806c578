import type { Database } from '../../db/database';
import type { WithdrawalStatus } from '../../db/schema';
import { queueWhere, type QueueFilters } from '../../lib/queue-filters';

/** Withdrawal SQL; every query is bounded to one merchant (and to one member for the member's own). */
export function withdrawalsRepository(db: Database) {
  const base = () =>
    db
      .selectFrom('withdrawal as w')
      .innerJoin('member_bank_card as c', 'c.id', 'w.card_id')
      .leftJoin('withdraw_bank as b', (j) =>
        j.onRef('b.merchant_id', '=', 'c.merchant_id').onRef('b.code', '=', 'c.bank_code'),
      )
      .select([
        'w.id',
        'w.member_id',
        'w.card_id',
        'w.amount',
        'w.status',
        'w.reason',
        'w.created_at',
        'w.updated_at',
        'c.bank_code',
        'b.name as bank_name',
        'c.card_last4',
      ]);

  return {
    async insert(row: {
      merchantId: number;
      memberId: bigint;
      cardId: bigint;
      currency: string;
      amount: bigint;
      at: Date;
    }): Promise<bigint> {
      const r = await db
        .insertInto('withdrawal')
        .values({
          merchant_id: row.merchantId,
          member_id: row.memberId,
          card_id: row.cardId,
          currency: row.currency,
          amount: row.amount,
          created_at: row.at,
          updated_at: row.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    one(merchantId: number, id: bigint) {
      return base().where('w.merchant_id', '=', merchantId).where('w.id', '=', id).executeTakeFirst();
    },

    /** A page of withdrawals, newest first; `memberId` limits it to one member's own. */
    async page(o: {
      merchantId: number;
      memberId?: bigint;
      status?: WithdrawalStatus;
      page: number;
      pageSize: number;
    }) {
      let q = db.selectFrom('withdrawal as w').where('w.merchant_id', '=', o.merchantId);
      if (o.memberId !== undefined) q = q.where('w.member_id', '=', o.memberId);
      if (o.status) q = q.where('w.status', '=', o.status);
      const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      let rows = base().where('w.merchant_id', '=', o.merchantId);
      if (o.memberId !== undefined) rows = rows.where('w.member_id', '=', o.memberId);
      if (o.status) rows = rows.where('w.status', '=', o.status);
      const list = await rows
        .orderBy('w.id', 'desc')
        .limit(o.pageSize)
        .offset((o.page - 1) * o.pageSize)
        .execute();
      return { list, total: Number(n) };
    },

    /** The operator's page: each withdrawal with the member, the payee and the encrypted card number. */
    async opsPage(o: {
      merchantId: number;
      status?: WithdrawalStatus;
      filters?: QueueFilters;
      page: number;
      pageSize: number;
    }) {
      // Stryker disable next-line ObjectLiteral: `{}` leaves `method` undefined, which queueWhere reads as false
      const filtered = queueWhere('w', o.merchantId, o.filters ?? {}, { method: false });
      let q = db.selectFrom('withdrawal as w').where('w.merchant_id', '=', o.merchantId).where(filtered);
      if (o.status) q = q.where('w.status', '=', o.status);
      const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      let rows = base()
        .innerJoin('member as m', 'm.id', 'w.member_id')
        .select(['m.username', 'm.payee_name', 'c.card_number_enc', 'c.merchant_id as card_merchant_id'])
        .where('w.merchant_id', '=', o.merchantId)
        .where(filtered);
      if (o.status) rows = rows.where('w.status', '=', o.status);
      const list = await rows
        .orderBy('w.id', 'desc')
        .limit(o.pageSize)
        .offset((o.page - 1) * o.pageSize)
        .execute();
      return { list, total: Number(n) };
    },

    /**
     * Moves a pending withdrawal to its final state; the row stays locked until the caller's transaction
     * ends, so two decisions on one withdrawal cannot both pass. Null when it is not pending (or not here).
     */
    decide(o: {
      merchantId: number;
      id: bigint;
      status: Exclude<WithdrawalStatus, 'pending'>;
      reason: string | null;
      decidedBy: string;
      at: Date;
    }) {
      return db
        .updateTable('withdrawal')
        .set({ status: o.status, reason: o.reason, decided_by: o.decidedBy, updated_at: o.at })
        .where('merchant_id', '=', o.merchantId)
        .where('id', '=', o.id)
        .where('status', '=', 'pending')
        .returning(['id', 'member_id', 'amount', 'currency'])
        .executeTakeFirst();
    },

    /** Links the withdrawal to the ledger transfer that held (or finally moved) its money. */
    async setTransfers(id: bigint, t: { hold?: bigint; final?: bigint }): Promise<void> {
      await db
        .updateTable('withdrawal')
        .set({
          // Stryker disable next-line ConditionalExpression: `true` is equivalent, Kysely leaves a column set to undefined out of the update
          ...(t.hold !== undefined ? { hold_transfer_id: t.hold } : {}),
          // Stryker disable next-line ConditionalExpression: `true` is equivalent, Kysely leaves a column set to undefined out of the update
          ...(t.final !== undefined ? { final_transfer_id: t.final } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type WithdrawalRow = NonNullable<Awaited<ReturnType<ReturnType<typeof withdrawalsRepository>['one']>>>;
