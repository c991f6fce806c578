import { FEEDBACK_LIMITS, wordCount } from '@panalo/contract/feedback-rules';

export interface FeedbackDraft {
  category: string;
  content: string;
  images: { name: string; size: number; type: string }[];
}

export type DraftProblem =
  | { field: 'category'; key: 'feedback.errors.category' }
  | { field: 'content'; key: 'feedback.errors.words'; min: number; max: number }
  | {
      field: 'images';
      key: 'feedback.errors.tooMany' | 'feedback.errors.type' | 'feedback.errors.size';
      name?: string;
    };

/**
 * The first problem of a draft, named at its field, before anything is sent (the server checks the same
 * and the images by their bytes): a category, the merchant's word bounds (VALID-036), at most 3 images
 * (VALID-040) of png or jpg (VALID-038), each at most 5 MB (VALID-039).
 */
export function draftProblem(d: FeedbackDraft, bounds: { min: number; max: number }): DraftProblem | null {
  if (!d.category) return { field: 'category', key: 'feedback.errors.category' };
  const words = wordCount(d.content);
  if (words < bounds.min || words > bounds.max)
    return { field: 'content', key: 'feedback.errors.words', min: bounds.min, max: bounds.max };
  if (d.images.length > FEEDBACK_LIMITS.maxImages) return { field: 'images', key: 'feedback.errors.tooMany' };
  for (const f of d.images) {
    if (!(FEEDBACK_LIMITS.imageTypes as readonly string[]).includes(f.type))
      return { field: 'images', key: 'feedback.errors.type', name: f.name };
    if (f.size > FEEDBACK_LIMITS.maxImageBytes)
      return { field: 'images', key: 'feedback.errors.size', name: f.name };
  }
  return null;
}
