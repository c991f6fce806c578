import { describe, expect, it } from 'vitest';
import { multipleOf } from './wagering';

describe('a wagering multiple as written', () => {
  it('drops a trailing .0 and keeps a real fraction', () => {
    expect(multipleOf('3.0')).toBe('3');
    expect(multipleOf('10.0')).toBe('10');
    expect(multipleOf('1.5')).toBe('1.5');
  });
});
