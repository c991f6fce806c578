import { sql, type Selectable } from 'kysely';
import type { RewardItem } from '@panalo/contract/promotions';
import { PREPARED, type Database } from '../../db/database';
import type { ClaimTerms, PromotionTable } from '../../db/schema';

export type PromotionRow = Selectable<PromotionTable>;

/** A claim as promotion_claim_reward returns it (and as the reward centre reads it). */
export type ClaimRow = {
  id: bigint;
  promotion_id: bigint;
  status: RewardItem['status'];
  amount: bigint;
  terms: ClaimTerms;
  reason: string | null;
  created_at: Date;
  expires_at: Date | null;
};

/**
 * The promotion engine's SQL shared by every kind: promotions, claims (written once per promotion, member
 * and period), the pay and claim functions, system mail, linked accounts and eligibility.
 */
export function promotionsRepository(db: Database) {
  return {
    /** The merchant's enabled promotions, in their order. */
    listEnabledPromotions(merchantId: number): Promise<PromotionRow[]> {
      return db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    /** One promotion of the merchant (enabled or not). */
    findPromotion(merchantId: number, id: bigint) {
      return db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The promotions with what their paid claims paid (`paid`, text), for the console's list. */
    listPromotionsWithPaid(merchantId: number) {
      return db
        .selectFrom('promotion as p')
        .selectAll('p')
        .select((eb) =>
          eb
            .selectFrom('promotion_claim as c')
            .select(sql<string>`coalesce(sum(c.amount), 0)::text`.as('paid'))
            .whereRef('c.promotion_id', '=', 'p.id')
            .where('c.status', 'in', ['claimed', 'signed'])
            .as('paid'),
        )
        .where('p.merchant_id', '=', merchantId)
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute();
    },

    /** A member's claims of these promotions in these periods. */
    listMemberClaimsIn(memberId: bigint, promotionIds: bigint[], periodKeys: string[]) {
      return db
        .selectFrom('promotion_claim')
        .select(['promotion_id', 'period_key', 'status', 'streak'])
        .where('member_id', '=', memberId)
        .where('promotion_id', 'in', promotionIds)
        .where('period_key', 'in', periodKeys)
        .execute();
    },

    /** The streak of a member's claim of a period that still counts (a claim held for review does). */
    claimStreakOf(promotionId: bigint, memberId: bigint, periodKey: string) {
      return (
        db
          .selectFrom('promotion_claim')
          .select('streak')
          .where('promotion_id', '=', promotionId)
          .where('member_id', '=', memberId)
          .where('period_key', '=', periodKey)
          // (a check-in held for review still counts for the streak)
          .where('status', 'not in', ['expired', 'forfeited'])
          .executeTakeFirst()
      );
    },

    /** A member's latest claims of the merchant, newest first (100). */
    listLatestClaims(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('promotion_claim')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    /**
     * Writes a claim unless the member already has one of this promotion and period (undefined then).
     * `reserveTransfer` (when given) sets `transfer_id`: true reserves the ledger transfer's id with the
     * claim (nextval), so the claim row is written once; false leaves it null.
     */
    insertClaimOnce(c: {
      merchantId: number;
      promotionId: bigint;
      memberId: bigint;
      periodKey: string;
      status: 'applying' | 'signed' | 'claimed';
      amount: bigint;
      terms: ClaimTerms;
      streak?: number;
      reserveTransfer?: boolean;
      at: Date;
    }) {
      return db
        .insertInto('promotion_claim')
        .values({
          merchant_id: c.merchantId,
          promotion_id: c.promotionId,
          member_id: c.memberId,
          period_key: c.periodKey,
          status: c.status,
          amount: c.amount,
          terms: JSON.stringify(c.terms),
          ...(c.streak === undefined ? {} : { streak: c.streak }),
          ...(c.reserveTransfer === undefined
            ? {}
            : { transfer_id: c.reserveTransfer ? sql<bigint>`nextval('ledger_transfer_id_seq')` : null }),
          created_at: c.at,
          updated_at: c.at,
        })
        .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Issued claims (status issued), each unless the member already has one of the promotion and period;
     * returns the ones written.
     */
    insertIssuedClaims(
      rows: {
        merchantId: number;
        promotionId: bigint;
        memberId: bigint;
        periodKey: string;
        amount: bigint;
        terms: ClaimTerms;
        expiresAt: Date | null;
        at: Date;
      }[],
    ) {
      return db
        .insertInto('promotion_claim')
        .values(
          rows.map((c) => ({
            merchant_id: c.merchantId,
            promotion_id: c.promotionId,
            member_id: c.memberId,
            period_key: c.periodKey,
            status: 'issued' as const,
            amount: c.amount,
            terms: JSON.stringify(c.terms),
            expires_at: c.expiresAt,
            created_at: c.at,
            updated_at: c.at,
          })),
        )
        .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
        .returning(['member_id', 'amount', 'terms'])
        .execute();
    },

    /** A claim's application row: the queue of claims waiting for an operator's review. */
    async insertApplication(claimId: bigint, comment: string): Promise<void> {
      await db.insertInto('promotion_application').values({ claim_id: claimId, comment }).execute();
    },

    /**
     * db/functions/promotion_pay.sql on a claim: the turnover requirement, the mail when asked, the
     * transfer reserved on the claim, the budget last (raises promotion_budget_used).
     */
    async callPromotionPay(o: {
      claimId: bigint;
      transferId: bigint | null;
      at: Date;
      shards: number;
      mail: boolean;
    }): Promise<void> {
      await sql`select promotion_pay(${o.claimId}::bigint, ${o.transferId}::bigint, ${o.at}::timestamptz,
      ${o.shards}::integer, ${o.mail}::boolean)`.execute(db);
    },

    /**
     * db/functions/promotion_claim_reward.sql, one autocommitted call: claims an issued reward of the
     * member (its locks live only inside the database); the claim as it is now.
     */
    async callPromotionClaimReward(o: {
      merchantId: number;
      memberId: bigint;
      claimId: bigint;
      at: Date;
      shards: number;
    }): Promise<ClaimRow | undefined> {
      const res =
        await sql<ClaimRow>`${sql.raw(PREPARED)}select * from promotion_claim_reward(${o.merchantId}::integer,
          ${o.memberId}::bigint, ${o.claimId}::bigint, ${o.at}::timestamptz, ${o.shards}::integer)`.execute(
          db,
        );
      return res.rows[0];
    },

    /** A system mail (kind system, to members) with its recipients; the mail's id. */
    async insertSystemMail(o: {
      merchantId: number;
      template: string;
      params: Record<string, string>;
      recipients: number;
      at: Date;
    }): Promise<bigint> {
      const mail = await db
        .insertInto('mail')
        .values({
          merchant_id: o.merchantId,
          kind: 'system',
          audience: 'members',
          template: o.template,
          params: JSON.stringify(o.params),
          recipients: o.recipients,
          created_at: o.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return mail.id;
    },

    async insertMailRecipients(mailId: bigint, members: bigint[]): Promise<void> {
      await db
        .insertInto('mail_recipient')
        .values(members.map((member_id) => ({ member_id, mail_id: mailId })))
        .execute();
    },

    /**
     * db/functions/lock_member_identities.sql: waits for, then holds until commit, the member's identities
     * (address, device, payee name, card) under `key`.
     */
    async lockMemberIdentities(memberId: bigint, key: string): Promise<void> {
      await sql`select lock_member_identities(${memberId}::bigint, ${key})`.execute(db);
    },

    /**
     * Whether an account linked to the member (db/functions/member_links.sql) holds a claim of the
     * promotion in the period that was not turned down, lost or given up.
     */
    async linkedClaimExists(memberId: bigint, promotionId: bigint, periodKey: string): Promise<boolean> {
      const r = await sql<{ one: number }>`
    select 1 as one from member_links(${memberId}::bigint) l
    join promotion_claim c on c.member_id = l.member_id and c.promotion_id = ${promotionId}::bigint
      and c.period_key = ${periodKey} and c.status not in ('rejected', 'expired', 'forfeited')
    limit 1`.execute(db);
      return r.rows.length > 0;
    },

    /** Of these promotions, the ones not open to the member at `at` (db/functions/promotion_eligible.sql). */
    async listIneligiblePromotionIds(
      promotionIds: readonly bigint[],
      memberId: bigint,
      at: Date,
    ): Promise<bigint[]> {
      const r = await sql<{ id: bigint }>`
    select id from promotion
    where id = any(${promotionIds.map(String)}::bigint[])
      and not promotion_eligible(id, ${memberId}::bigint, ${at}::timestamptz)`.execute(db);
      return r.rows.map((x) => BigInt(x.id));
    },

    /** How many promotions of the merchant limit who takes part in this one: its own eligibility, or excluding it. */
    async countEligibilityRules(p: { id: bigint; merchant_id: number; code: string }): Promise<number> {
      const r = await sql<{ n: number }>`
    select count(*)::int as n from promotion
    where merchant_id = ${p.merchant_id}::int
      and ((id = ${p.id}::bigint and eligibility <> '{}'::jsonb)
        or coalesce(eligibility->'excludes', '[]'::jsonb) ? ${p.code})`.execute(db);
      return r.rows[0]?.n ?? 0;
    },

    /** The merchant's members of these usernames (id, username, type). */
    listMembersByUsername(merchantId: number, usernames: string[]) {
      return db
        .selectFrom('member')
        .select(['id', 'username', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('username', 'in', usernames)
        .execute();
    },
  };
}
