import type { z } from 'zod';
import type {
  FeedbackItem,
  feedbackReplyRequest,
  opsFeedbackItem,
  opsFeedbackListResponse,
} from '@panalo/contract/feedback';
import { api } from '../../../lib/api';

export type OpsFeedback = z.infer<typeof opsFeedbackItem>;
export type OpsFeedbackPage = z.infer<typeof opsFeedbackListResponse>['value'];
export type FeedbackReply = z.input<typeof feedbackReplyRequest>;

export const PAGE_SIZE = 20;

/** The merchant's feedback, newest first; `status` undefined for every status. */
export const listFeedback = (page: number, status: string | undefined) =>
  api<OpsFeedbackPage>('GET', '/ops/feedback', { query: { page, pageSize: PAGE_SIZE, status } });

/** A reply to a member's feedback (and, with `close`, the end of it). */
export const replyToFeedback = (id: string, body: FeedbackReply) =>
  api<FeedbackItem>('POST', `/ops/feedback/${id}/reply`, { body });
