import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { playersMoneyKinds } from '../wallet/ledger';

/** The proof of liabilities' rows: the members' closing balances, the published trees and their leaves. */
export function liabilitiesRepository(db: Database) {
  return {
    /**
     * Every member's players' money (wallet, pending withdrawals, holds) at `end`, in one currency: the
     * members with an account by then or money moved by then (0 for one who had emptied it).
     */
    async memberBalances(merchantId: number, currency: string, end: Date) {
      const { rows } = await sql<{ member_id: string; balance: string }>`
        select a.owner_member_id::text as member_id, coalesce(sum(e.amount), 0)::text as balance
        from ledger_account a
        left join ledger_entry e on e.account_id = a.id and e.created_at < ${end}::timestamptz
        where a.merchant_id = ${merchantId}::int and a.book = 'real' and a.currency = ${currency}
          and a.kind in (${playersMoneyKinds}) and a.owner_member_id is not null
        group by a.owner_member_id
        having bool_or(a.created_at < ${end}::timestamptz) or count(e.id) > 0
        order by a.owner_member_id`.execute(db);
      return rows.map((r) => ({ memberId: BigInt(r.member_id), balance: BigInt(r.balance) }));
    },
    async insertTree(t: {
      merchantId: number;
      day: string;
      currency: string;
      root: string;
      total: bigint;
      members: number;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('liability_tree')
        .values({
          merchant_id: t.merchantId,
          day: t.day,
          currency: t.currency,
          root: t.root,
          total: t.total,
          members: t.members,
          created_at: t.at,
        })
        .execute();
    },
    async insertLeaves(
      key: { merchantId: number; day: string; currency: string },
      leaves: { memberId: bigint; balance: bigint; hash: string }[],
    ): Promise<void> {
      for (let i = 0; i < leaves.length; i += 1000) {
        await db
          .insertInto('liability_leaf')
          .values(
            leaves.slice(i, i + 1000).map((l, k) => ({
              merchant_id: key.merchantId,
              day: key.day,
              currency: key.currency,
              position: i + k,
              member_id: l.memberId,
              balance: l.balance,
              hash: l.hash,
            })),
          )
          .execute();
      }
    },
    /** The merchant's tree of a day, or its latest. */
    tree(merchantId: number, day?: string) {
      let q = db
        .selectFrom('liability_tree')
        .selectAll()
        .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day_text'))
        .where('merchant_id', '=', merchantId);
      if (day) q = q.where('day', '=', sql<string>`${day}::date`);
      return q.orderBy('day', 'desc').limit(1).executeTakeFirst();
    },
    /** A tree's leaves in order: their hashes and sums (enough to rebuild the tree). */
    leaves(key: { merchantId: number; day: string; currency: string }) {
      return db
        .selectFrom('liability_leaf')
        .select(['position', 'member_id', 'balance', 'hash'])
        .where('merchant_id', '=', key.merchantId)
        .where('day', '=', sql<string>`${key.day}::date`)
        .where('currency', '=', key.currency)
        .orderBy('position')
        .execute();
    },
  };
}
