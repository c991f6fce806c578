import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Application promotions' SQL: the applications, their images and their review. */
export function applicationRepository(db: Database) {
  return {
    /**
     * The merchant's applications of these claims, with their image count and the other members of the
     * promotion linked to the applicant (`shared`: 'username:via,via', at most 10).
     */
    listApplicationsByClaim(merchantId: number, claimIds: bigint[]) {
      return db
        .selectFrom('promotion_claim as c')
        .innerJoin('promotion_application as a', 'a.claim_id', 'c.id')
        .innerJoin('member as m', 'm.id', 'c.member_id')
        .select([
          'c.id',
          'c.promotion_id',
          'c.status',
          'c.amount',
          'c.reason',
          'c.terms',
          'c.created_at',
          'a.comment',
          'a.reviewed_at',
          'm.username',
        ])
        .select((eb) => [
          eb
            .selectFrom('promotion_application_image as i')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('i.claim_id', '=', 'c.id')
            .as('images'),
          // Other members of this promotion linked to the applicant (address, device, payee, card).
          sql<string[]>`array(
          select o.username || ':' || string_agg(l.via, ',' order by l.via)
          from member_links(c.member_id) l
          join promotion_claim oc on oc.member_id = l.member_id and oc.promotion_id = c.promotion_id
          join member o on o.id = l.member_id
          group by o.username order by o.username limit 10)`.as('shared'),
        ])
        .where('c.merchant_id', '=', merchantId)
        .where('c.id', 'in', claimIds)
        .orderBy('c.id')
        .execute();
    },

    /** The merchant's enabled application promotion of this id. */
    findEnabledApplyPromotion(merchantId: number, id: bigint) {
      return db
        .selectFrom('promotion')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('kind', '=', 'apply')
        .where('enabled', '=', true)
        .executeTakeFirst();
    },

    async insertApplicationImages(
      rows: {
        claimId: bigint;
        n: number;
        fileKey: string;
        contentType: string;
        bytes: number;
        width: number;
        height: number;
      }[],
    ): Promise<void> {
      await db
        .insertInto('promotion_application_image')
        .values(
          rows.map((r) => ({
            claim_id: r.claimId,
            n: r.n,
            file_key: r.fileKey,
            content_type: r.contentType,
            bytes: r.bytes,
            width: r.width,
            height: r.height,
          })),
        )
        .execute();
    },

    /** Image n of an application of the merchant; of this member's own when `memberId` is given. */
    findApplicationImage(merchantId: number, memberId: bigint | null, claimId: bigint, n: number) {
      return db
        .selectFrom('promotion_application_image as i')
        .innerJoin('promotion_claim as c', 'c.id', 'i.claim_id')
        .select(['i.file_key', 'i.content_type'])
        .where('c.id', '=', claimId)
        .where('c.merchant_id', '=', merchantId)
        .$if(memberId !== null, (q) => q.where('c.member_id', '=', memberId!))
        .where('i.n', '=', n)
        .executeTakeFirst();
    },

    /** A page of the claim ids of the merchant's applications in a status, and how many there are. */
    async pageApplicationIds(o: {
      merchantId: number;
      status: 'applying' | 'rejected' | 'issued' | 'claimed';
      order: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }): Promise<{ ids: bigint[]; total: number }> {
      const base = db
        .selectFrom('promotion_claim as c')
        .innerJoin('promotion_application as a', 'a.claim_id', 'c.id')
        .where('c.merchant_id', '=', o.merchantId)
        .where('c.status', '=', o.status);
      const [rows, total] = await Promise.all([
        base
          .select('c.id')
          .orderBy('c.id', o.order)
          .limit(o.pageSize)
          .offset((o.page - 1) * o.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total.n) };
    },

    /**
     * An application of the merchant with its claim and the promotion's claim window, the claim and the
     * application locked (FOR UPDATE of both) until the transaction ends.
     */
    lockApplication(merchantId: number, claimId: bigint) {
      return (
        db
          .selectFrom('promotion_claim as c')
          .innerJoin('promotion_application as a', 'a.claim_id', 'c.id')
          .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
          .select(['c.id', 'c.member_id', 'c.status', 'c.amount', 'c.terms', 'p.claim_hours'])
          .where('c.id', '=', claimId)
          .where('c.merchant_id', '=', merchantId)
          // The claim and its application only: the promotion's row stays free for other claims.
          .modifyEnd(sql`for update of c, a`)
          .executeTakeFirst()
      );
    },

    /** The review's outcome on the claim: issued (with its window) or rejected (with the reason). */
    async setClaimReviewed(
      claimId: bigint,
      o: {
        status: 'issued' | 'rejected';
        amount: bigint;
        expiresAt: Date | null;
        reason: string | null;
        at: Date;
      },
    ): Promise<void> {
      await db
        .updateTable('promotion_claim')
        .set({
          status: o.status,
          amount: o.amount,
          expires_at: o.expiresAt,
          reason: o.reason,
          updated_at: o.at,
        })
        .where('id', '=', claimId)
        .execute();
    },

    async setApplicationReviewed(claimId: bigint, staffId: bigint, at: Date): Promise<void> {
      await db
        .updateTable('promotion_application')
        .set({ reviewed_by: staffId, reviewed_at: at })
        .where('claim_id', '=', claimId)
        .execute();
    },
  };
}
