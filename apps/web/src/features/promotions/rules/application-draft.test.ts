import { describe, expect, it } from 'vitest';
import { applicationProblem } from './application-draft';

const jpg = (size = 1000, name = 'a.jpg') => ({ name, size, type: 'image/jpeg' });

describe('an application draft', () => {
  it('VALID-037 a comment accepts at most 140 characters', () => {
    expect(applicationProblem({ comment: 'é'.repeat(140), images: [] })).toBeNull();
    expect(applicationProblem({ comment: 'x'.repeat(141), images: [] })).toEqual({
      field: 'comment',
      key: 'promotions.apply.errors.comment',
    });
  });

  it('VALID-038 activity images must be png or jpg', () => {
    expect(
      applicationProblem({ comment: '', images: [{ name: 'a.png', size: 10, type: 'image/png' }] }),
    ).toBeNull();
    expect(
      applicationProblem({ comment: '', images: [{ name: 'a.gif', size: 10, type: 'image/gif' }] }),
    ).toEqual({
      field: 'images',
      key: 'promotions.apply.errors.type',
      name: 'a.gif',
    });
  });

  it('VALID-039 each activity image may be at most 5 MB', () => {
    expect(applicationProblem({ comment: '', images: [jpg(5 * 1024 * 1024)] })).toBeNull();
    expect(applicationProblem({ comment: '', images: [jpg(5 * 1024 * 1024 + 1, 'big.jpg')] })).toEqual({
      field: 'images',
      key: 'promotions.apply.errors.size',
      name: 'big.jpg',
    });
  });

  it('VALID-040 at most 3 activity images may be attached', () => {
    expect(applicationProblem({ comment: '', images: [jpg(), jpg(), jpg()] })).toBeNull();
    expect(applicationProblem({ comment: '', images: [jpg(), jpg(), jpg(), jpg()] })?.key).toBe(
      'promotions.apply.errors.tooMany',
    );
  });
});
