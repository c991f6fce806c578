import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config';

const serverSrc = path.join(repoRoot, 'apps/server/src');
// The refusal texts: the few the shell shows itself (errors-shell.json, on the first page) and the rest.
const catalogue = (lang: string): Record<string, string> =>
  Object.assign(
    {},
    ...['errors-shell.json', 'errors.json'].map(
      (file) =>
        (
          JSON.parse(readFileSync(path.join(repoRoot, 'packages/client/src/errors', lang, file), 'utf8')) as {
            errors: Record<string, string>;
          }
        ).errors,
    ),
  ) as Record<string, string>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Every literal message key the server code refuses with (DomainError and notFound). */
function serverCodes(): string[] {
  const codes = new Set<string>();
  for (const file of sourceFiles(serverSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:new DomainError|notFound)\(\s*'([a-z][a-z0-9_]*)'/g)) codes.add(m[1]!);
  }
  return [...codes].sort();
}

describe('message keys', () => {
  it('every key the server can refuse with has an EN and a TY text in the web catalogue', () => {
    const codes = serverCodes();
    expect(codes.length).toBeGreaterThan(20);
    const en = catalogue('en');
    const ty = catalogue('ty');
    expect(codes.filter((c) => typeof en[c] !== 'string')).toEqual([]);
    expect(codes.filter((c) => typeof ty[c] !== 'string')).toEqual([]);
  });
});
