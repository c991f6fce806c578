import type { FeedbackItem } from '@panalo/contract/feedback';
import { FEEDBACK_LIMITS, wordCount, type FeedbackCategory } from '@panalo/contract/feedback-rules';
import type { MerchantSettings } from '@panalo/contract/merchant';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import type { FileStore } from '../../lib/file-store';
import type { CheckedImage } from '../../lib/image-check';
import { withStoredImages } from '../../lib/image-form';
import { audit } from '../../lib/audit';
import { sendSystemMail } from '../mail/mail.service';
import { inTransaction } from '../../db/transaction';
import { feedbackRepository } from './feedback.repository';

const unknownFeedback = () => new DomainError('feedback_unknown', 404, 'This feedback does not exist');

/** The merchant's word bounds for feedback content (VALID-036). */
export function feedbackWordBounds(settings: Pick<MerchantSettings, 'feedback'>) {
  return {
    min: settings.feedback?.minWords ?? FEEDBACK_LIMITS.minWords,
    max: settings.feedback?.maxWords ?? FEEDBACK_LIMITS.maxWords,
  };
}

interface Row {
  id: bigint;
  category: string;
  content: string;
  status: 'open' | 'replied' | 'closed';
  created_at: Date;
}

/**
 * Feedback (issue 19 item 3): a member sends it with up to 3 images (already checked by content and
 * stripped of metadata); the images go to the file store first and the rows after, and a refusal or a
 * failed insert removes what was stored, so nothing is half written. Members read only their own.
 */
export function feedbackService(db: Database, clock: Clock, files: FileStore) {
  const repo = feedbackRepository(db);
  const withReplies = async (rows: Row[]): Promise<FeedbackItem[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [images, replies] = await Promise.all([repo.imageCounts(ids), repo.replies(ids)]);
    return rows.map((r) => ({
      id: r.id.toString(),
      category: r.category as FeedbackCategory,
      content: r.content,
      status: r.status,
      images: Number(images.find((i) => i.feedback_id === r.id)?.n ?? 0),
      replies: replies
        .filter((x) => x.feedback_id === r.id)
        .map((x) => ({ content: x.content, at: x.created_at.toISOString() })),
      createdAt: r.created_at.toISOString(),
    }));
  };

  return {
    async send(o: {
      merchantId: number;
      memberId: bigint;
      settings: Pick<MerchantSettings, 'feedback'>;
      category: FeedbackCategory;
      content: string;
      images: CheckedImage<'image/png' | 'image/jpeg'>[];
    }): Promise<FeedbackItem> {
      const bounds = feedbackWordBounds(o.settings);
      const words = wordCount(o.content);
      if (words < bounds.min || words > bounds.max) {
        throw new DomainError('feedback_words', 400, 'The feedback is too short or too long', {
          min: bounds.min,
          max: bounds.max,
          words,
        });
      }
      const row = await withStoredImages(files, 'feedback', o.images, (stored) => {
        const now = clock.now();
        return inTransaction(db, 'feedback.service.send', async (trx) => {
          const tx = feedbackRepository(trx);
          const f = await tx.insertFeedback({
            merchantId: o.merchantId,
            memberId: o.memberId,
            category: o.category,
            content: o.content,
            at: now,
          });
          if (o.images.length > 0) {
            await tx.insertImages(
              o.images.map((img, i) => ({
                feedback_id: f.id,
                n: i + 1,
                file_key: stored[i]!,
                content_type: img.type,
                bytes: img.bytes.length,
                width: img.width,
                height: img.height,
              })),
            );
          }
          return f;
        });
      });
      return (await withReplies([row]))[0]!;
    },

    async mine(merchantId: number, memberId: bigint): Promise<FeedbackItem[]> {
      const rows = await repo.memberFeedback(merchantId, memberId);
      return withReplies(rows);
    },

    /** One image: to the member who sent it, or to staff of its merchant (memberId null). */
    async image(merchantId: number, memberId: bigint | null, id: bigint, n: number) {
      const img = await repo.image(merchantId, memberId, id, n);
      if (!img) throw unknownFeedback();
      const bytes = await files.get(img.file_key);
      if (!bytes) throw unknownFeedback();
      return { bytes, type: img.content_type };
    },

    async opsList(merchantId: number, q: { status?: string | undefined; page: number; pageSize: number }) {
      const [rows, total] = await Promise.all([
        repo.opsPage(merchantId, q.status, q.pageSize, (q.page - 1) * q.pageSize),
        repo.opsCount(merchantId, q.status),
      ]);
      const items = await withReplies(rows);
      return { list: items.map((x, i) => ({ ...x, username: rows[i]!.username })), total };
    },

    /** An operator's reply (audited); the member is told by a system mail. Closed feedback takes none. */
    async reply(o: { merchantId: number; staffId: bigint; id: bigint; content: string; close: boolean }) {
      const now = clock.now();
      await inTransaction(db, 'feedback.service.image', async (trx) => {
        const tx = feedbackRepository(trx);
        const f = await tx.lockFeedback(o.merchantId, o.id);
        if (!f) throw unknownFeedback();
        if (f.status === 'closed') throw new DomainError('feedback_closed', 409, 'This feedback is closed');
        await tx.insertReply({ feedbackId: f.id, staffId: o.staffId, content: o.content, at: now });
        await tx.setStatus(f.id, o.close ? 'closed' : 'replied', now);
        await sendSystemMail(trx, {
          merchantId: o.merchantId,
          memberId: f.member_id,
          template: 'feedback_replied',
          params: {},
          at: now,
        });
        await audit(trx, {
          merchantId: o.merchantId,
          actor: `operator:${o.staffId}`,
          action: o.close ? 'feedback.reply_close' : 'feedback.reply',
          target: `feedback:${f.id}`,
          details: { content: o.content },
          at: now,
        });
      });
      const row = await repo.feedback(o.id);
      return (await withReplies([row]))[0]!;
    },
  };
}
