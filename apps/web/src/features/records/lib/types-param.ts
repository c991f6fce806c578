import { AGENT_RECORD_TYPES } from '@panalo/contract/agent-menu';

/**
 * Types named in the page's `types` query parameter (comma-separated) that the server offers. `A` (the
 * agent grid's link) stands for the agency types; anything else unknown is dropped, and nothing left
 * means every type.
 */
export function typesFromParam(param: string | null, available: readonly string[]): string[] {
  if (!param) return [];
  const wanted = new Set(
    param.split(',').flatMap((s) => (s.trim() === 'A' ? [...AGENT_RECORD_TYPES] : [s.trim()])),
  );
  return available.filter((a) => wanted.has(a));
}
