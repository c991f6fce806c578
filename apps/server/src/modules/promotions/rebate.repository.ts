import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ClaimTerms } from '../../db/schema';
import { owedRebateLines, type RebateReward } from './rebate-lines';

/** The members' rebate SQL: the running rebate promotion, today's owed lines, manual claims, my report. */
export function rebateRepository(db: Database) {
  return {
    /** The merchant's enabled rebate promotion running at `now` (the first in their order). */
    findRunningRebatePromotion(merchantId: number, now: Date) {
      return db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', 'rebate')
        .where('enabled', '=', true)
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .executeTakeFirst();
    },

    /** A member's lines of a day the rebate still owes (rebate-lines.ts: owedRebateLines). */
    async listOwedLines(o: {
      merchantId: number;
      promotionId: bigint;
      day: string;
      rates: RebateReward['rates'];
      memberId: bigint;
    }) {
      return (
        await owedRebateLines({
          merchantId: o.merchantId,
          promotionId: o.promotionId,
          day: o.day,
          rates: o.rates,
          members: { id: o.memberId },
        }).execute(db)
      ).rows;
    },

    /** What a member's manual claims of a day (period '<day>/<n>') took, and how many there were. */
    async sumManualClaimsOfDay(
      promotionId: bigint,
      memberId: bigint,
      day: string,
    ): Promise<{ amount: string; n: number } | undefined> {
      const taken = await sql<{ amount: string; n: number }>`
      select coalesce(sum(amount), 0)::text as amount, count(*)::int as n from promotion_claim
      where promotion_id = ${promotionId}::bigint and member_id = ${memberId}::bigint
        and period_key like ${`${day}/%`} and status = 'claimed'`.execute(db);
      return taken.rows[0];
    },

    findMemberVipLevel(memberId: bigint) {
      return db.selectFrom('member').select('vip_level').where('id', '=', memberId).executeTakeFirstOrThrow();
    },

    /**
     * Serialises a member's manual rebate claims of a promotion: a transaction-scoped advisory lock, held
     * until commit.
     */
    async lockMemberRebate(promotionId: bigint, memberId: bigint): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`rebate:${promotionId}:${memberId}`}, 0))`.execute(
        db,
      );
    },

    /** A manual rebate claim (status claimed), its ledger transfer's id reserved with it (nextval). */
    insertManualClaim(c: {
      merchantId: number;
      promotionId: bigint;
      memberId: bigint;
      periodKey: string;
      amount: bigint;
      terms: ClaimTerms;
      at: Date;
    }) {
      return db
        .insertInto('promotion_claim')
        .values({
          merchant_id: c.merchantId,
          promotion_id: c.promotionId,
          member_id: c.memberId,
          period_key: c.periodKey,
          status: 'claimed',
          amount: c.amount,
          terms: JSON.stringify(c.terms),
          transfer_id: sql<bigint>`nextval('ledger_transfer_id_seq')`,
          created_at: c.at,
          updated_at: c.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A rebate claim's lines, one per product group. */
    async insertRebateLines(
      rows: {
        claimId: bigint;
        product: string;
        merchantId: number;
        promotionId: bigint;
        memberId: bigint;
        day: string;
        turnover: bigint;
        rateBp: number;
        amount: bigint;
      }[],
    ): Promise<void> {
      await db
        .insertInto('promotion_rebate')
        .values(
          rows.map((l) => ({
            claim_id: l.claimId,
            product: l.product,
            merchant_id: l.merchantId,
            promotion_id: l.promotionId,
            member_id: l.memberId,
            day: l.day,
            turnover: l.turnover,
            rate_bp: l.rateBp,
            amount: l.amount,
          })),
        )
        .execute();
    },

    /** A member's rebate lines of the days in [startDate, endDate] with their claims, newest first (5,000). */
    listPaidLines(memberId: bigint, range: { startDate: string; endDate: string }) {
      return db
        .selectFrom('promotion_rebate as r')
        .innerJoin('promotion_claim as c', 'c.id', 'r.claim_id')
        .select([
          'c.id',
          'c.period_key',
          'c.amount as claim_amount',
          'c.created_at',
          'r.product',
          'r.turnover',
          'r.rate_bp',
          'r.amount',
        ])
        .where('r.member_id', '=', memberId)
        .where('r.day', '>=', range.startDate)
        .where('r.day', '<=', range.endDate)
        .orderBy('c.id', 'desc')
        .orderBy('r.product')
        .limit(5_000)
        .execute();
    },
  };
}
