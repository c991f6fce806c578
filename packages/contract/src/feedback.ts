import { z } from 'zod';
import { dbIdString, ok } from './common';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS, FEEDBACK_STATUSES } from './feedback-rules';

/** Feedback (issue 19 item 3, /m/feedback): the member's messages to the operator and the replies. */
export const feedbackItem = z.object({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  /** How many images it carries (GET feedbackImagePath(id, n) for n = 1…images). */
  images: z.number().int(),
  replies: z.array(z.object({ content: z.string(), at: z.string() })),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackResponse = ok(feedbackItem);
/** Mine, with the merchant's word bounds the form counts against (VALID-036). */
export const feedbackListResponse = ok(
  z.object({ list: z.array(feedbackItem), minWords: z.number().int(), maxWords: z.number().int() }),
);
export type FeedbackList = z.infer<typeof feedbackListResponse>['value'];

/** The text fields of the multipart PUT (the images are its file parts). */
export const feedbackFields = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string().trim().min(1).max(FEEDBACK_LIMITS.maxChars),
});

export const feedbackImageParams = z.object({ id: dbIdString, n: z.coerce.number().int().min(1).max(3) });
export const feedbackIdParams = z.object({ id: dbIdString });

export const opsFeedbackQuery = z.object({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const opsFeedbackItem = feedbackItem.extend({ username: z.string() });
export const opsFeedbackListResponse = ok(
  z.object({ list: z.array(opsFeedbackItem), total: z.number().int() }),
);
export const feedbackReplyRequest = z.object({
  content: z.string().trim().min(1).max(FEEDBACK_LIMITS.replyMax),
  /** Close it with this reply (the member may not add to it). */
  close: z.boolean().default(false),
});
