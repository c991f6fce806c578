import type { Database } from '../../db/database';

export const OUTBOX_PAGE = 50;

/** The development outbox, read by the development-only page; bounded to one merchant. */
export function outboxPageRepository(db: Database) {
  return {
    /** The latest messages, newest first; `recipient` matches any part of it, ignoring case. */
    latest(merchantId: number, recipient?: string) {
      let q = db
        .selectFrom('outbox_message')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
        .where('merchant_id', '=', merchantId);
      if (recipient) {
        const pattern = `%${recipient.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where('recipient', 'ilike', pattern);
      }
      return q.orderBy('id', 'desc').limit(OUTBOX_PAGE).execute();
    },
  };
}
