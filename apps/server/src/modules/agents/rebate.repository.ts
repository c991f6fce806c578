import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Rebate rates (`member_rebate`, basis points per product group) and agents' quotas (`agent_quota`,
 * openings left per rate). A quota is spent by a conditional decrement, never read-then-written. Pass the
 * transaction inside one: the locks (`lock`, `lockQuota`) hold until it ends.
 */
export function rebateRepository(db: Database) {
  return {
    /** A member's rate rows; `lock` takes them for update. */
    memberRates(memberId: bigint, lock = false) {
      const q = db
        .selectFrom('member_rebate')
        .select(['product', 'rate_bp'])
        .where('member_id', '=', memberId);
      return (lock ? q.forUpdate() : q).execute();
    },

    /** Writes a member's rates, replacing the products it already has. */
    async upsertRates(o: {
      merchantId: number;
      memberId: bigint;
      rates: { product: string; rate_bp: number }[];
      by: string;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('member_rebate')
        .values(
          o.rates.map((c) => ({
            merchant_id: o.merchantId,
            member_id: o.memberId,
            product: c.product,
            rate_bp: c.rate_bp,
            updated_at: o.at,
            updated_by: o.by,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['member_id', 'product']).doUpdateSet((eb) => ({
            rate_bp: eb.ref('excluded.rate_bp'),
            updated_at: eb.ref('excluded.updated_at'),
            updated_by: eb.ref('excluded.updated_by'),
          })),
        )
        .execute();
    },

    /** A new member's first rates (it has none yet). */
    async insertRates(o: {
      merchantId: number;
      memberId: bigint;
      rates: { product: string; rate_bp: number }[];
      by: string;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('member_rebate')
        .values(
          o.rates.map((r) => ({
            merchant_id: o.merchantId,
            member_id: o.memberId,
            product: r.product,
            rate_bp: r.rate_bp,
            updated_at: o.at,
            updated_by: o.by,
          })),
        )
        .execute();
    },

    /** The highest rate any direct downline of the member holds, per product. */
    async highestChildRates(memberId: bigint): Promise<{ product: string; top: number }[]> {
      const children = await sql<{ product: string; top: number }>`
      select r.product, max(r.rate_bp)::int as top
      from member c join member_rebate r on r.member_id = c.id
      where c.upline_id = ${memberId}::bigint group by r.product`.execute(db);
      return children.rows;
    },

    /** Every rate a top agent (no upline) of the merchant holds, highest first. */
    async topAgentRates(
      merchantId: number,
    ): Promise<{ username: string; product: string; rate_bp: number }[]> {
      const above = await sql<{ username: string; product: string; rate_bp: number }>`
          select m.username, r.product, r.rate_bp from member_rebate r join member m on m.id = r.member_id
          where r.merchant_id = ${merchantId}::int and m.upline_id is null
          order by r.rate_bp desc`.execute(db);
      return above.rows;
    },

    /** An agent's quotas, highest rate first. */
    quotas(merchantId: number, agentId: bigint) {
      return db
        .selectFrom('agent_quota')
        .select(['rate_bp', 'remaining'])
        .where('member_id', '=', agentId)
        .where('merchant_id', '=', merchantId)
        .orderBy('rate_bp', 'desc')
        .execute();
    },

    /** An agent's quota at a rate, its row locked for update (undefined when it has none). */
    lockQuota(memberId: bigint, rateBp: number) {
      return db
        .selectFrom('agent_quota')
        .select('remaining')
        .where('member_id', '=', memberId)
        .where('rate_bp', '=', rateBp)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Sets how many openings an agent has left at a rate. */
    async setQuota(merchantId: number, memberId: bigint, rateBp: number, remaining: number): Promise<void> {
      await db
        .insertInto('agent_quota')
        .values({ merchant_id: merchantId, member_id: memberId, rate_bp: rateBp, remaining })
        .onConflict((oc) => oc.columns(['member_id', 'rate_bp']).doUpdateSet({ remaining }))
        .execute();
    },

    /**
     * Spends `count` of an agent's quotas at a rate by a conditional decrement: what is left, or
     * undefined when fewer than `count` were left (nothing spent).
     */
    spendQuota(memberId: bigint, rateBp: number, count: number) {
      return db
        .updateTable('agent_quota')
        .set((eb) => ({ remaining: eb('remaining', '-', count) }))
        .where('member_id', '=', memberId)
        .where('rate_bp', '=', rateBp)
        .where('remaining', '>=', count)
        .returning('remaining')
        .executeTakeFirst();
    },

    /** Adds `count` openings at a rate to an agent's quota. */
    async addQuota(merchantId: number, memberId: bigint, rateBp: number, count: number): Promise<void> {
      await db
        .insertInto('agent_quota')
        .values({ merchant_id: merchantId, member_id: memberId, rate_bp: rateBp, remaining: count })
        .onConflict((oc) =>
          oc.columns(['member_id', 'rate_bp']).doUpdateSet((eb) => ({
            remaining: eb('agent_quota.remaining', '+', eb.ref('excluded.remaining')),
          })),
        )
        .execute();
    },
  };
}
