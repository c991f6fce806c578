import { APPLY_LIMITS } from '@panalo/contract/promotion-rules';

export interface ApplicationDraft {
  comment: string;
  images: { name: string; size: number; type: string }[];
}

export type ApplicationProblem =
  | { field: 'comment'; key: 'promotions.apply.errors.comment' }
  | {
      field: 'images';
      key:
        'promotions.apply.errors.tooMany' | 'promotions.apply.errors.type' | 'promotions.apply.errors.size';
      name?: string;
    };

/**
 * The first problem of an application before it is sent (the server checks the same, and the images by
 * their bytes): a comment of at most 140 characters (VALID-037), at most 3 images (VALID-040) of png or
 * jpg (VALID-038), each at most 5 MB (VALID-039).
 */
export function applicationProblem(d: ApplicationDraft): ApplicationProblem | null {
  if ([...d.comment.trim()].length > APPLY_LIMITS.commentMax)
    return { field: 'comment', key: 'promotions.apply.errors.comment' };
  if (d.images.length > APPLY_LIMITS.maxImages)
    return { field: 'images', key: 'promotions.apply.errors.tooMany' };
  for (const f of d.images) {
    if (!(APPLY_LIMITS.imageTypes as readonly string[]).includes(f.type))
      return { field: 'images', key: 'promotions.apply.errors.type', name: f.name };
    if (f.size > APPLY_LIMITS.maxImageBytes)
      return { field: 'images', key: 'promotions.apply.errors.size', name: f.name };
  }
  return null;
}
