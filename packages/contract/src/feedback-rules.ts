// Zod-free feedback rules (issue 19 item 3, /m/feedback), shared by the server and the web bundle.

export { FEEDBACK_ROUTE } from './site-routes';

export const FEEDBACK_API = {
  /** PUT multipart/form-data (spec §7 "feedback: PUT"): category, content, up to 3 images. GET: mine. */
  mine: '/feedback',
  /** GET: one image of my feedback (or, for staff, of the merchant's). */
  image: '/feedback/:id/images/:n',
  /** Operator: GET the merchant's feedback (?status=), POST a reply (and close). */
  opsList: '/ops/feedback',
  opsReply: '/ops/feedback/:id/reply',
} as const;

export const FEEDBACK_CATEGORIES = [
  'deposit',
  'withdrawal',
  'games',
  'lottery',
  'account',
  'suggestion',
  'other',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_STATUSES = ['open', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_LIMITS = {
  /** Images per feedback (spec §5: at most 3), each png or jpg of at most 5 MB. */
  maxImages: 3,
  maxImageBytes: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'],
  /** The merchant's word bounds when it has set none (spec §5: bounds not shown). */
  minWords: 3,
  maxWords: 300,
  /** Characters of the content, whatever the words. */
  maxChars: 3_000,
  replyMax: 2_000,
} as const;

/** Words as the bounds count them: runs of letters or digits (any script), so "ok!!" is one word. */
export const wordCount = (text: string): number => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

export const feedbackImagePath = (id: string, n: number) =>
  FEEDBACK_API.image.replace(':id', encodeURIComponent(id)).replace(':n', String(n));
