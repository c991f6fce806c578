import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface WageringStatus {
  required: bigint;
  done: bigint;
  remaining: bigint;
}

/**
 * Turnover (wagering) requirements: a deposit bonus obliges the member to bet a multiple of it before
 * withdrawing. Requirements are met oldest first by the stakes of settled bets (games and lottery).
 */
export const wagering = {
  /** Adds a requirement (once per source). */
  async require(
    trx: Database,
    o: {
      merchantId: number;
      memberId: bigint;
      source: string;
      sourceRef: string;
      required: bigint;
      at: Date;
    },
  ): Promise<void> {
    if (o.required <= 0n) return;
    await trx
      .insertInto('wagering_requirement')
      .values({
        merchant_id: o.merchantId,
        member_id: o.memberId,
        source: o.source,
        source_ref: o.sourceRef,
        required: o.required,
        created_at: o.at,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'source', 'source_ref']).doNothing())
      .execute();
  },

  /** What the member still owes, over all open requirements. */
  async status(db: Database, merchantId: number, memberId: bigint): Promise<WageringStatus> {
    const r = await db
      .selectFrom('wagering_requirement')
      .select([
        sql<string>`coalesce(sum(required), 0)`.as('required'),
        sql<string>`coalesce(sum(done), 0)`.as('done'),
      ])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('completed_at', 'is', null)
      .executeTakeFirstOrThrow();
    const required = BigInt(r.required);
    const done = BigInt(r.done);
    return { required, done, remaining: required > done ? required - done : 0n };
  },

  /** The member's open requirements, oldest first, locked for the caller's transaction. */
  openRequirements(trx: Database, merchantId: number, memberId: bigint) {
    return trx
      .selectFrom('wagering_requirement')
      .select(['id', 'source', 'source_ref', 'required', 'done', 'created_at'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('completed_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  /** Counts a stake towards the open requirements, oldest first, inside the bet's transaction. */
  async addTurnover(
    trx: Database,
    o: { merchantId: number; memberId: bigint; stake: bigint; at: Date },
  ): Promise<void> {
    let left = o.stake;
    const open = await wagering.openRequirements(trx, o.merchantId, o.memberId);
    for (const req of open) {
      if (left <= 0n) break;
      const take = req.required - req.done < left ? req.required - req.done : left;
      left -= take;
      const done = req.done + take;
      await trx
        .updateTable('wagering_requirement')
        .set({ done, completed_at: done >= req.required ? o.at : null })
        .where('id', '=', req.id)
        .execute();
    }
  },
};
