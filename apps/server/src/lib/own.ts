/**
 * A record's own value at a key a caller chose (a language code from the query): never an inherited one,
 * so `valueOf`, `constructor` or `__proto__` find nothing instead of a function.
 */
export const own = <T>(
  record: Readonly<Record<string, T>> | null | undefined,
  key: string | undefined,
): T | undefined => (record && key !== undefined && Object.hasOwn(record, key) ? record[key] : undefined);
