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
      .select(['id', 'source', 'source_ref', 'required', 'done', 'created_at', 'weights', 'expires_at'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('completed_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  /**
   * Counts a stake towards the open requirements, oldest first, inside the bet's transaction. A
   * requirement with product weights (0058) counts the stake's product group at its percentage (a group
   * not named: in full; 0 %: not at all, the stake goes on to the next); one past its time is left to the
   * promotion job, which forfeits it. `product` is the bet's product group, or how to find it (asked only
   * when a requirement has weights).
   */
  async addTurnover(
    trx: Database,
    o: {
      merchantId: number;
      memberId: bigint;
      stake: bigint;
      at: Date;
      product: string | (() => Promise<string>);
    },
  ): Promise<void> {
    let left = o.stake;
    const open = await wagering.openRequirements(trx, o.merchantId, o.memberId);
    let product: string | undefined;
    for (const req of open) {
      if (left <= 0n) break;
      if (req.expires_at !== null && req.expires_at <= o.at) continue;
      let weight = 100n;
      if (req.weights) {
        product ??= typeof o.product === 'string' ? o.product : await o.product();
        weight = BigInt(req.weights[product] ?? 100);
      }
      if (weight <= 0n) continue;
      const counted = (left * weight) / 100n;
      const need = req.required - req.done;
      const take = counted < need ? counted : need;
      // The stake this used: all of it, or (when it met the requirement) the part it needed, rounded up.
      left -= take === counted ? left : (take * 100n + weight - 1n) / weight;
      if (take <= 0n) continue;
      const done = req.done + take;
      await trx
        .updateTable('wagering_requirement')
        .set({ done, completed_at: done >= req.required ? o.at : null })
        .where('id', '=', req.id)
        .execute();
    }
  },
};
