import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { DepositOrderTable, DepositStatus } from '../../db/schema';
import { queueWhere, type QueueFilters } from '../../lib/queue-filters';

export type DepositOrderRow = Selectable<DepositOrderTable>;

/** Deposit SQL; every lookup is bounded to one merchant (and to one member for the member's own calls). */
export function depositsRepository(db: Database) {
  return {
    methods(merchantId: number) {
      return db
        .selectFrom('deposit_method')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },
    method(merchantId: number, code: string) {
      return db
        .selectFrom('deposit_method')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .where('enabled', '=', true)
        .executeTakeFirst();
    },
    bankAccounts(merchantId: number) {
      return db
        .selectFrom('merchant_bank_account')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('id')
        .execute();
    },
    bankAccount(merchantId: number, id: bigint) {
      return db
        .selectFrom('merchant_bank_account')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('enabled', '=', true)
        .executeTakeFirst();
    },
    insert(values: Insertable<DepositOrderTable>) {
      return db.insertInto('deposit_order').values(values).returningAll().executeTakeFirstOrThrow();
    },
    setProviderRef(id: bigint, providerRef: string) {
      return db
        .updateTable('deposit_order')
        .set({ provider_ref: providerRef })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    find(merchantId: number, id: bigint, memberId?: bigint) {
      let q = db
        .selectFrom('deposit_order')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id);
      if (memberId !== undefined) q = q.where('member_id', '=', memberId);
      return q.executeTakeFirst();
    },
    findByProviderRef(merchantId: number, provider: string, providerRef: string) {
      return db
        .selectFrom('deposit_order')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('provider', '=', provider)
        .where('provider_ref', '=', providerRef)
        .executeTakeFirst();
    },
    /** A page of orders, newest first, with the total for the pager; `memberId` limits to one member. */
    async page(o: {
      merchantId: number;
      memberId?: bigint;
      status?: DepositStatus;
      /** The console queue's filters (days, amounts, member, method). */
      filters?: QueueFilters;
      page: number;
      pageSize: number;
    }) {
      let q = db
        .selectFrom('deposit_order as d')
        .innerJoin('member as m', 'm.id', 'd.member_id')
        .where('d.merchant_id', '=', o.merchantId);
      if (o.filters) q = q.where(queueWhere('d', o.merchantId, o.filters, { method: true }));
      if (o.memberId !== undefined) q = q.where('d.member_id', '=', o.memberId);
      if (o.status) q = q.where('d.status', '=', o.status);
      const [rows, count] = await Promise.all([
        q
          .selectAll('d')
          .select('m.username')
          .orderBy('d.id', 'desc')
          .limit(o.pageSize)
          .offset((o.page - 1) * o.pageSize)
          .execute(),
        q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    /**
     * Moves an order out of `from` in one conditional statement (the check and the change together):
     * undefined when it was not in one of those states, so two deciders can never both win.
     */
    transition(
      id: bigint,
      from: { status: DepositStatus; reason?: string }[],
      to: { status: DepositStatus; decidedBy: string; reason?: string | null; at: Date },
    ) {
      return db
        .updateTable('deposit_order')
        .set({
          status: to.status,
          decided_by: to.decidedBy,
          reason: to.reason ?? null,
          updated_at: to.at,
        })
        .where('id', '=', id)
        .where((eb) =>
          eb.or(
            from.map((f) =>
              f.reason === undefined
                ? eb('status', '=', f.status)
                : eb.and([eb('status', '=', f.status), eb('reason', '=', f.reason)]),
            ),
          ),
        )
        .returningAll()
        .executeTakeFirst();
    },
    setTransfer(id: bigint, transferId: bigint) {
      return db.updateTable('deposit_order').set({ transfer_id: transferId }).where('id', '=', id).execute();
    },
    /** The username of an order's member (the console's row shows it). */
    memberUsername(memberId: bigint) {
      return db.selectFrom('member').select('username').where('id', '=', memberId).executeTakeFirstOrThrow();
    },
    /** Is this host name one of the merchant's own domains (where the provider may send the member back)? */
    async ownsDomain(merchantId: number, domain: string): Promise<boolean> {
      const known = await db
        .selectFrom('merchant_domain')
        .select('domain')
        .where('merchant_id', '=', merchantId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return known !== undefined;
    },
    /**
     * Records a verified provider event by (provider, event id): false when it was recorded already (a
     * duplicate, or a concurrent one that waited on the row), so that it changes nothing.
     */
    async recordPaymentEvent(e: {
      provider: string;
      eventId: string;
      merchantId: number;
      orderId: bigint | null;
      payload: string;
      receivedAt: Date;
    }): Promise<boolean> {
      const recorded = await db
        .insertInto('payment_event')
        .values({
          provider: e.provider,
          event_id: e.eventId,
          merchant_id: e.merchantId,
          order_id: e.orderId,
          payload: e.payload,
          received_at: e.receivedAt,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(recorded.numInsertedOrUpdatedRows ?? 0n) !== 0;
    },
    /** Rewrites a recorded event's payload (with the outcome it had). */
    async setPaymentEventPayload(provider: string, eventId: string, payload: string): Promise<void> {
      await db
        .updateTable('payment_event')
        .set({ payload })
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .execute();
    },
  };
}
