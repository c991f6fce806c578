import { describe, expect, it } from 'vitest';
import { containsPattern, normaliseText, searchTextOf, searchWords } from './search';

describe('game search normalisation', () => {
  it('VALID-035 an empty or whitespace-only search is no search', () => {
    expect(searchWords(undefined)).toBeNull();
    expect(searchWords('')).toBeNull();
    expect(searchWords('   \t\n ')).toBeNull();
    expect(searchWords(' - ')).toBeNull();
  });

  it('folds case, accents and punctuation; splits words on any whitespace', () => {
    expect(searchWords('  Golden\tCARABAO ')).toEqual(['golden', 'carabao']);
    expect(normaliseText('Piñata Fiësta: Hold & Win!')).toBe('pinata fiesta hold win');
    expect(searchWords('ＧＯＬＤ')).toEqual(['gold']);
  });

  it('bounds the words: at most 5 of 32 characters', () => {
    expect(searchWords('a b c d e f g')).toHaveLength(5);
    expect(searchWords('x'.repeat(50))![0]).toHaveLength(32);
  });

  it('stores every name once, normalised', () => {
    expect(searchTextOf(['Golden Carabao', 'Ginintuang Kalabaw', 'golden  carabao'])).toBe(
      'golden carabao | ginintuang kalabaw',
    );
  });

  it('escapes LIKE wildcards so a word matches literally', () => {
    expect(containsPattern('ab')).toBe('%ab%');
    expect(containsPattern('a%_\\')).toBe('%a\\%\\_\\\\%');
  });
});
