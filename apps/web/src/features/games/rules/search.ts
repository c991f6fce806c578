/**
 * VALID-034/035: the search is submitted on Enter only, and an empty or whitespace-only text fails the
 * 'whitespace' rule, which here means "no search" rather than a search for spaces.
 */
export function passesWhitespaceRule(text: string): boolean {
  return text.trim().length > 0;
}

/** The gameName to send for a submitted search box text: trimmed, or undefined for no search. */
export function normaliseSearch(text: string): string | undefined {
  if (!passesWhitespaceRule(text)) return undefined;
  // The server matches every word; runs of spaces carry no meaning, so they are collapsed.
  return text.trim().replace(/\s+/g, ' ').slice(0, 64);
}

/** Only the Enter key submits (not typing, not blur): VALID-034. */
export const isSubmitKey = (key: string, composing = false): boolean => key === 'Enter' && !composing;
