/**
 * Search normalisation shared by the stored search text and the asked words, so both sides compare the
 * same way: Unicode-compatible folding, accents removed (ñ → n), lower case, any run of whitespace or
 * punctuation a single space.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The words of a search, or null when there is nothing to search for: spec §5's 'whitespace' rule
 * (an empty or whitespace-only string is no search). At most 5 words of at most 32 characters.
 */
export function searchWords(input: string | undefined | null): string[] | null {
  if (input === undefined || input === null) return null;
  const words = normaliseText(input)
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, 5)
    .map((w) => w.slice(0, 32));
  return words.length > 0 ? words : null;
}

/** The stored search text of a game: every name it has, normalised and joined. */
export function searchTextOf(names: readonly string[]): string {
  return [...new Set(names.map(normaliseText).filter((n) => n.length > 0))].join(' | ');
}

/** A LIKE pattern matching `word` anywhere (the word is already normalised: no % or _ left in it). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
