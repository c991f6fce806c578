import { sql } from 'kysely';
import type { ContractKind } from '@panalo/contract/contract-terms';
import type { Database } from '../../db/database';
import type { ContractSettlementTable } from '../../db/schema';

/**
 * Settlement SQL as people see it (the runs that write settlements: settlement.ts): lists, owed sums,
 * resolving an owed settlement, the merchant's contract terms. Pass the transaction inside one:
 * `lockSettlement` and `merchantSettingsLocked` hold their rows until it ends.
 */
export function settlementsRepository(db: Database) {
  /** Settlements with the member's and the payer's usernames and the contract's version. */
  const withNames = () =>
    db
      .selectFrom('contract_settlement as s')
      .innerJoin('contract as c', 'c.id', 's.contract_id')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .leftJoin('member as p', 'p.id', 's.payer_id')
      .selectAll('s')
      .select(['m.username as member_name', 'p.username as payer_name', 'c.version']);

  return {
    settlementById(id: bigint) {
      return withNames().where('s.id', '=', id).executeTakeFirstOrThrow();
    },

    /**
     * A member's settlements, newest first: its own (`mine`) or its direct downlines' under contracts it
     * offered (`downline`), of a kind, of one member, before an id.
     */
    listFor(
      memberId: bigint,
      q: {
        side: 'mine' | 'downline';
        kind?: ContractKind | undefined;
        memberId?: string | undefined;
        before?: string | undefined;
        limit: number;
      },
    ) {
      let query = withNames();
      query =
        q.side === 'mine'
          ? query.where('s.member_id', '=', memberId)
          : query.where('c.upline_id', '=', memberId);
      if (q.kind) query = query.where('s.kind', '=', q.kind);
      if (q.memberId) query = query.where('s.member_id', '=', BigInt(q.memberId));
      if (q.before) query = query.where('s.id', '<', BigInt(q.before));
      return query.orderBy('s.id', 'desc').limit(q.limit).execute();
    },

    /** The sum still owed of the same settlements (minor units, as text). */
    async owedTotal(
      memberId: bigint,
      q: { side: 'mine' | 'downline'; kind?: ContractKind | undefined; memberId?: string | undefined },
    ): Promise<string> {
      const owed = await db
        .selectFrom('contract_settlement as s')
        .innerJoin('contract as c', 'c.id', 's.contract_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('s.amount'), sql<string>`0`).as('n'))
        .where('s.status', '=', 'owed')
        .where(q.side === 'mine' ? 's.member_id' : 'c.upline_id', '=', memberId)
        .$if(q.kind !== undefined, (w) => w.where('s.kind', '=', q.kind!))
        .$if(q.memberId !== undefined, (w) => w.where('s.member_id', '=', BigInt(q.memberId!)))
        .executeTakeFirstOrThrow();
      return owed.n;
    },

    /** What is owed to the member and what it owes, of a kind (minor units, as text). */
    async owedSums(memberId: bigint, kind: ContractKind) {
      const r = await sql<{ to_me: string; i_owe: string }>`
        select coalesce(sum(amount) filter (where member_id = ${memberId}::bigint), 0)::text as to_me,
          coalesce(sum(amount) filter (where payer_id = ${memberId}::bigint), 0)::text as i_owe
        from contract_settlement
        where status = 'owed' and kind = ${kind}
          and (member_id = ${memberId}::bigint or payer_id = ${memberId}::bigint)`.execute(db);
      return r.rows[0];
    },

    /** What the member owes its downlines of a kind, oldest first (100 at most). */
    owedBy(memberId: bigint, kind: ContractKind) {
      return withNames()
        .where('s.payer_id', '=', memberId)
        .where('s.kind', '=', kind)
        .where('s.status', '=', 'owed')
        .orderBy('s.id')
        .limit(100)
        .execute();
    },

    /** The operator's list: owed first, newest first, filtered. */
    opsList(
      merchantId: number,
      q: {
        status?: string | undefined;
        kind?: ContractKind | undefined;
        username?: string | undefined;
        before?: string | undefined;
        limit: number;
      },
    ) {
      let query = withNames().where('s.merchant_id', '=', merchantId);
      if (q.status) query = query.where('s.status', '=', q.status as 'owed');
      if (q.kind) query = query.where('s.kind', '=', q.kind);
      if (q.username) query = query.where('m.username', '=', q.username);
      if (q.before) query = query.where('s.id', '<', BigInt(q.before));
      return query
        .orderBy(sql`s.status = 'owed'`, 'desc')
        .orderBy('s.id', 'desc')
        .limit(q.limit)
        .execute();
    },

    /** A settlement of the merchant, its row locked for update. */
    lockSettlement(merchantId: number, id: bigint) {
      return db
        .selectFrom('contract_settlement')
        .selectAll()
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Records how an owed settlement was resolved. */
    async setResolved(
      id: bigint,
      r: {
        status: ContractSettlementTable['status'];
        transferId: bigint | null;
        at: Date;
        by: string;
        reason: string | null;
      },
    ): Promise<void> {
      await db
        .updateTable('contract_settlement')
        .set({
          status: r.status,
          transfer_id: r.transferId,
          resolved_at: r.at,
          resolved_by: r.by,
          reason: r.reason,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The period key of the last finished run of a kind, if any. */
    async lastFinishedPeriod(merchantId: number, kind: ContractKind): Promise<string | undefined> {
      const last = await db
        .selectFrom('contract_run')
        .select('period_key')
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', kind)
        .where('finished_at', 'is not', null)
        .orderBy('period_start', 'desc')
        .executeTakeFirst();
      return last?.period_key;
    },

    /** Whether any run of a kind exists for the merchant. */
    async anyRun(merchantId: number, kind: ContractKind): Promise<boolean> {
      const ran = await db
        .selectFrom('contract_run')
        .select('period_key')
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return ran !== undefined;
    },

    /** The merchant's settings, its row locked (FOR NO KEY UPDATE). */
    async merchantSettingsLocked(merchantId: number) {
      const row = await db
        .selectFrom('merchant')
        .select('settings')
        .where('id', '=', merchantId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      return row.settings;
    },

    async setMerchantSettings(merchantId: number, settings: Record<string, unknown>): Promise<void> {
      await db
        .updateTable('merchant')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', merchantId)
        .execute();
    },
  };
}
