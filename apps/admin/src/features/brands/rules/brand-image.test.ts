import { describe, expect, it } from 'vitest';
import { byteText, imageProblem } from './brand-image';

const png = (size = 10_000) => ({ type: 'image/png', size });
const problem = (...args: Parameters<typeof imageProblem>) =>
  imageProblem(...args)?.replace('brand.image.problem.', '') ?? null;

describe('a brand’s picture before it is uploaded', () => {
  it('takes an app icon only square, png or jpg, 192 to 1024 pixels a side, up to 512 KB', () => {
    expect(problem('icon', png(), { width: 512, height: 512 })).toBeNull();
    expect(problem('icon', { type: 'image/jpeg', size: 1 }, { width: 192, height: 192 })).toBeNull();
    expect(problem('icon', png(), { width: 1024, height: 1024 })).toBeNull();
    expect(problem('icon', png(), { width: 512, height: 256 })).toBe('square');
    expect(problem('icon', png(), { width: 191, height: 191 })).toBe('small');
    expect(problem('icon', png(), { width: 1025, height: 1025 })).toBe('large');
    expect(problem('icon', { type: 'image/gif', size: 1 }, { width: 512, height: 512 })).toBe('type');
    expect(problem('icon', png(512 * 1024 + 1), { width: 512, height: 512 })).toBe('bytes');
    // Sides the browser could not read: the server judges.
    expect(problem('icon', png(), null)).toBeNull();
  });

  it('takes a logo of any shape up to 2048 pixels a side and 1 MB', () => {
    expect(problem('logo', png(), { width: 600, height: 120 })).toBeNull();
    expect(problem('logo', png(), { width: 2049, height: 100 })).toBe('large');
    expect(problem('logo', png(1024 * 1024 + 1), null)).toBe('bytes');
    expect(byteText(1024 * 1024)).toBe('1 MB');
    expect(byteText(512 * 1024)).toBe('512 KB');
  });
});
