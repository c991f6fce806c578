import { describe, expect, it } from 'vitest';
import { setupProblems, setupToken } from './owner-setup';

const TOKEN = 'aB3_-xYz0123456789abcd';

describe('the owner’s set-up link', () => {
  it('reads the token from the hash, and only a well-formed one', () => {
    expect(setupToken(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(setupToken(`#other=1&token=${TOKEN}`)).toBe(TOKEN);
    expect(setupToken('')).toBeNull();
    expect(setupToken('#token=')).toBeNull();
    expect(setupToken('#token=short')).toBeNull();
    expect(setupToken(`#token=${TOKEN}%3Cscript`)).toBeNull();
  });

  it('asks for 10–64 characters with a letter and a digit, typed twice the same', () => {
    expect(setupProblems('short1', 'short1')).toEqual([{ field: 'password', key: 'setup.passwordRule' }]);
    expect(setupProblems('onlyletterslong', 'onlyletterslong')).toEqual([
      { field: 'password', key: 'setup.passwordRule' },
    ]);
    expect(setupProblems('1234567890', '1234567890')).toEqual([
      { field: 'password', key: 'setup.passwordRule' },
    ]);
    expect(setupProblems('letters and 1 digit', 'letters and 1 digit ')).toEqual([
      { field: 'repeat', key: 'setup.mismatch' },
    ]);
    expect(setupProblems('letters and 1 digit', 'letters and 1 digit')).toEqual([]);
    expect(setupProblems(`a1${'x'.repeat(63)}`, `a1${'x'.repeat(63)}`)).toHaveLength(1);
  });
});
