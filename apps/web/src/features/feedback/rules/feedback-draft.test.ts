import { describe, expect, it } from 'vitest';
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
    expect(draftProblem(draft({ content: 'too short' }), bounds)).toMatchObject({
      field: 'content',
      min: 3,
      max: 10,
    });
    expect(draftProblem(draft({ content: 'one two three' }), bounds)).toBeNull();
    expect(draftProblem(draft({ content: 'w '.repeat(11) }), bounds)).toMatchObject({ field: 'content' });
    expect(draftProblem(draft({ content: 'ok!! ... ?? fine then' }), bounds)).toBeNull(); // punctuation is no word
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
