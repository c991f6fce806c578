import type { Insertable } from 'kysely';
import type { Database } from '../../db/database';
import type { FeedbackImageTable } from '../../db/schema';

/** Feedback SQL; a member's reads are bounded to the member, staff's to the merchant. */
export function feedbackRepository(db: Database) {
  /** The merchant's feedback with its member (of one status when given). */
  const opsBase = (merchantId: number, status: string | undefined) =>
    db
      .selectFrom('feedback as f')
      .innerJoin('member as m', 'm.id', 'f.member_id')
      .where('f.merchant_id', '=', merchantId)
      .$if(status !== undefined, (w) => w.where('f.status', '=', status as 'open'));

  return {
    /** How many pictures each of these feedbacks has (feedbacks without any left out). */
    imageCounts(ids: bigint[]) {
      return db
        .selectFrom('feedback_image')
        .select(['feedback_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('feedback_id', 'in', ids)
        .groupBy('feedback_id')
        .execute();
    },

    /** The replies to these feedbacks, in the order they were written. */
    replies(ids: bigint[]) {
      return db
        .selectFrom('feedback_reply')
        .select(['feedback_id', 'content', 'created_at'])
        .where('feedback_id', 'in', ids)
        .orderBy('id')
        .execute();
    },

    insertFeedback(f: { merchantId: number; memberId: bigint; category: string; content: string; at: Date }) {
      return db
        .insertInto('feedback')
        .values({
          merchant_id: f.merchantId,
          member_id: f.memberId,
          category: f.category,
          content: f.content,
          created_at: f.at,
          updated_at: f.at,
        })
        .returning(['id', 'category', 'content', 'status', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async insertImages(images: Insertable<FeedbackImageTable>[]): Promise<void> {
      await db.insertInto('feedback_image').values(images).execute();
    },

    /** The member's latest 100 feedbacks, newest first. */
    memberFeedback(merchantId: number, memberId: bigint) {
      return db
        .selectFrom('feedback')
        .select(['id', 'category', 'content', 'status', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    /** Picture `n` of a feedback of the merchant (and of the member, when `memberId` is not null). */
    image(merchantId: number, memberId: bigint | null, id: bigint, n: number) {
      return db
        .selectFrom('feedback_image as i')
        .innerJoin('feedback as f', 'f.id', 'i.feedback_id')
        .select(['i.file_key', 'i.content_type'])
        .where('f.id', '=', id)
        .where('f.merchant_id', '=', merchantId)
        .$if(memberId !== null, (q) => q.where('f.member_id', '=', memberId!))
        .where('i.n', '=', n)
        .executeTakeFirst();
    },

    /** A page of the merchant's feedback (of one status when given), newest first, with the username. */
    opsPage(merchantId: number, status: string | undefined, limit: number, offset: number) {
      return opsBase(merchantId, status)
        .select(['f.id', 'f.category', 'f.content', 'f.status', 'f.created_at', 'm.username'])
        .orderBy('f.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** How many feedbacks the merchant has (of one status when given). */
    async opsCount(merchantId: number, status: string | undefined): Promise<number> {
      const total = await opsBase(merchantId, status)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(total.n);
    },

    /** Locks a feedback of the merchant (`FOR UPDATE`); undefined when there is none. */
    lockFeedback(merchantId: number, id: bigint) {
      return db
        .selectFrom('feedback')
        .select(['id', 'member_id', 'status'])
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .forUpdate()
        .executeTakeFirst();
    },

    async insertReply(r: { feedbackId: bigint; staffId: bigint; content: string; at: Date }): Promise<void> {
      await db
        .insertInto('feedback_reply')
        .values({ feedback_id: r.feedbackId, staff_id: r.staffId, content: r.content, created_at: r.at })
        .execute();
    },

    async setStatus(id: bigint, status: 'replied' | 'closed', at: Date): Promise<void> {
      await db.updateTable('feedback').set({ status, updated_at: at }).where('id', '=', id).execute();
    },

    /** One feedback by id (it must exist). */
    feedback(id: bigint) {
      return db
        .selectFrom('feedback')
        .select(['id', 'category', 'content', 'status', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },
  };
}
export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
