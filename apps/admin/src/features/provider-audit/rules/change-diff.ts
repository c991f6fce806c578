// An audit entry's before → after as the lines that differ, each value as compact JSON: what the trail
// shows instead of two whole documents. Pure: change-diff.test.ts.

export interface ChangeLine {
  /** The field's path with dots ('theme.primary'); '' when the whole value changed (not an object). */
  path: string;
  /** Compact JSON of the value, or null where the side has none. */
  before: string | null;
  after: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const MAX = 120;
/** A value as compact JSON, cut after 120 characters. */
export function compact(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s;
}

/**
 * The fields whose value differs between `before` and `after`, objects walked down to `depth` levels
 * (arrays compared whole), in the order they first appear. A side that is null (a creation has no
 * before, a removal no after) or lacks the field shows no value.
 */
export function changeLines(before: unknown, after: unknown, depth = 3): ChangeLine[] {
  return walk(before ?? undefined, after ?? undefined, depth, '');
}

function walk(before: unknown, after: unknown, depth: number, path: string): ChangeLine[] {
  const object = (v: unknown) => v === undefined || isRecord(v);
  if (depth > 0 && (isRecord(before) || isRecord(after)) && object(before) && object(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    return [...new Set([...Object.keys(b), ...Object.keys(a)])].flatMap((k) =>
      walk(b[k], a[k], depth - 1, path ? `${path}.${k}` : k),
    );
  }
  const from = before === undefined ? null : compact(before);
  const to = after === undefined ? null : compact(after);
  return from === to ? [] : [{ path, before: from, after: to }];
}
