/**
 * Types named in the page's `types` query parameter (comma-separated) that the server offers. Anything
 * else (e.g. the agent grid's `types=A`) is dropped, which means every type.
 */
export function typesFromParam(param: string | null, available: readonly string[]): string[] {
  if (!param) return [];
  const wanted = new Set(param.split(',').map((s) => s.trim()));
  return available.filter((a) => wanted.has(a));
}
