import { sql } from 'kysely';
import type { ContractKind } from '@panalo/contract/contract-terms';
import type { Database } from '../../db/database';

/**
 * Contract SQL: offers, decisions and reads of `contract`, and the members they are between (settlements:
 * settlements.repository.ts; the runs: settlement.ts). Pass the transaction inside one: `lockContract`
 * holds its row until it ends.
 */
export function contractsRepository(db: Database) {
  /** Contracts with the member's and the offering upline's usernames. */
  const withNames = () =>
    db
      .selectFrom('contract as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .leftJoin('member as u', 'u.id', 'c.upline_id')
      .selectAll('c')
      .select(['m.username as member_name', 'u.username as upline_name']);

  return {
    /** A new pending offer, its version the member's next of the kind; its id. */
    async insertOffer(o: {
      merchantId: number;
      memberId: bigint;
      kind: ContractKind;
      uplineId: bigint | null;
      staffId: bigint | null;
      scope: 'all' | 'lottery';
      tiers: { turnover: string; active: number; rate: number }[];
      cap: bigint | null;
      at: Date;
    }): Promise<bigint> {
      const r = await db
        .insertInto('contract')
        .values({
          merchant_id: o.merchantId,
          member_id: o.memberId,
          kind: o.kind,
          version: sql<number>`(select coalesce(max(version), 0) + 1 from contract
            where member_id = ${o.memberId} and kind = ${o.kind})`,
          upline_id: o.uplineId,
          offered_by_staff: o.staffId,
          scope: o.scope,
          tiers: JSON.stringify(o.tiers),
          cap: o.cap,
          status: 'pending',
          offered_at: o.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },

    /** A contract with the names of both sides. */
    contractById(id: bigint) {
      return withNames().where('c.id', '=', id).executeTakeFirstOrThrow();
    },

    /** A member's contracts of every kind, newest first (60 at most). */
    contractsOf(memberId: bigint) {
      return withNames().where('c.member_id', '=', memberId).orderBy('c.id', 'desc').limit(60).execute();
    },

    /** A member's active and pending contracts of a kind. */
    openContractsOfKind(memberId: bigint, kind: ContractKind) {
      return withNames()
        .where('c.member_id', '=', memberId)
        .where('c.kind', '=', kind)
        .where('c.status', 'in', ['active', 'pending'])
        .execute();
    },

    /** A member's active contract of a kind. */
    activeContract(memberId: bigint, kind: ContractKind) {
      return db
        .selectFrom('contract')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    /** A contract of the merchant, its row locked (FOR NO KEY UPDATE). */
    lockContract(merchantId: number, id: bigint) {
      return db
        .selectFrom('contract')
        .selectAll()
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    /** Ends the member's active contract of a kind: replaced by the one being accepted. */
    async replaceActive(memberId: bigint, kind: ContractKind, at: Date): Promise<void> {
      await db
        .updateTable('contract')
        .set({ status: 'replaced', ends_at: at })
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('status', '=', 'active')
        .execute();
    },

    async setDecision(
      id: bigint,
      d: {
        status: 'active' | 'refused' | 'withdrawn' | 'terminated';
        decidedAt: Date | null;
        endsAt: Date | null;
      },
    ): Promise<void> {
      await db
        .updateTable('contract')
        .set({
          status: d.status,
          decided_at: d.decidedAt,
          ends_at: d.endsAt,
        })
        .where('id', '=', id)
        .execute();
    },

    /** A member's pending offers (id and kind). */
    pendingOffers(memberId: bigint) {
      return db
        .selectFrom('contract')
        .select(['id', 'kind'])
        .where('member_id', '=', memberId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** A direct downline of the upline, with its type. */
    directDownline(merchantId: number, uplineId: bigint, memberId: bigint) {
      return db
        .selectFrom('member')
        .select(['id', 'type'])
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .where('upline_id', '=', uplineId)
        .executeTakeFirst();
    },

    /** Whether the member is a direct downline of the upline (its id). */
    directDownlineId(merchantId: number, uplineId: bigint, memberId: bigint) {
      return db
        .selectFrom('member')
        .select('id')
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .where('upline_id', '=', uplineId)
        .executeTakeFirst();
    },

    /** A member of the merchant by username, with its type and upline. */
    memberByUsername(merchantId: number, username: string) {
      return db
        .selectFrom('member')
        .select(['id', 'type', 'upline_id'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .executeTakeFirst();
    },
  };
}
