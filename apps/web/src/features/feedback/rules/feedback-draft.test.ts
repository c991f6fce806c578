import { describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from '@panalo/contract/feedback-rules';
import { draftProblem } from './feedback-draft';

const bounds = { min: 3, max: 10 };
const img = (o: Partial<{ name: string; size: number; type: string }> = {}) => ({
  name: 'a.png',
  size: 1000,
  type: 'image/png',
  ...o,
});
const draft = (o: Partial<Parameters<typeof draftProblem>[0]> = {}) => ({
  category: 'deposit',
  content: 'my deposit is late',
  images: [],
  ...o,
});

describe('the feedback form’s checks', () => {
  it('VALID-036 the content is counted in words against the merchant’s bounds', () => {
    // At each edge of the bounds (3 and 10 here): 2 and 11 words are refused, 3 and 10 are taken.
    expect(draftProblem(draft({ content: 'too short' }), bounds)).toMatchObject({
      field: 'content',
      min: 3,
      max: 10,
    });
    expect(draftProblem(draft({ content: 'one two three' }), bounds)).toBeNull();
    expect(draftProblem(draft({ content: 'w '.repeat(10) }), bounds)).toBeNull();
    expect(draftProblem(draft({ content: 'w '.repeat(11) }), bounds)).toMatchObject({
      field: 'content',
      min: 3,
      max: 10,
    });
    expect(draftProblem(draft({ content: 'ok!! ... ?? fine then' }), bounds)).toBeNull(); // punctuation is no word
    // The default bounds (3 and 300) at their edges too.
    const defaults = { min: FEEDBACK_LIMITS.minWords, max: FEEDBACK_LIMITS.maxWords };
    expect(defaults).toEqual({ min: 3, max: 300 });
    expect(draftProblem(draft({ content: 'w '.repeat(2) }), defaults)).toMatchObject({ field: 'content' });
    expect(draftProblem(draft({ content: 'w '.repeat(3) }), defaults)).toBeNull();
    expect(draftProblem(draft({ content: 'w '.repeat(300) }), defaults)).toBeNull();
    expect(draftProblem(draft({ content: 'w '.repeat(301) }), defaults)).toMatchObject({ field: 'content' });
  });

  it('VALID-038 VALID-039 VALID-040 at most 3 images, png or jpg, each at most 5 MB', () => {
    expect(draftProblem(draft({ images: [img(), img(), img()] }), bounds)).toBeNull();
    expect(draftProblem(draft({ images: [img(), img(), img(), img()] }), bounds)).toMatchObject({
      key: 'feedback.errors.tooMany',
    });
    expect(
      draftProblem(draft({ images: [img({ type: 'image/gif', name: 'x.gif' })] }), bounds),
    ).toMatchObject({ key: 'feedback.errors.type', name: 'x.gif' });
    expect(
      draftProblem(draft({ images: [img({ type: 'image/jpeg', size: 5 * 1024 * 1024 })] }), bounds),
    ).toBeNull();
    expect(draftProblem(draft({ images: [img({ size: 5 * 1024 * 1024 + 1 })] }), bounds)).toMatchObject({
      key: 'feedback.errors.size',
    });
  });

  it('a category is needed', () => {
    expect(draftProblem(draft({ category: '' }), bounds)).toMatchObject({ field: 'category' });
  });
});
