import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The site takes the contract's types from any module, but values (constants, rules) only from its
// zod-free modules (*-rules.ts, member-types.ts, …): a value import from a module that builds zod
// schemas brings zod into the bundle (about 26 KiB gz; the reality check's pop-up, on every page of a
// signed-in member, brought it through protection.ts).
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '../src');
const contract = path.resolve(here, '../../../packages/contract/src');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : files(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** The contract modules a source imports values from (statements that are not `import type`). */
export function valueImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'@panalo\/contract\/([\w-]+)'/g)) {
    if (m[1]) continue;
    const names = m[2]!
      .replace(/[{}]/g, '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.some((n) => !n.startsWith('type '))) out.push(m[3]!);
  }
  return out;
}

const buildsZod = (module: string) =>
  /from 'zod'/.test(readFileSync(path.join(contract, `${module}.ts`), 'utf8'));

describe('zod stays out of the member site’s bundle', () => {
  it('no source imports a value from a contract module that builds zod schemas', () => {
    const found = files(src).flatMap((file) =>
      valueImports(readFileSync(file, 'utf8'))
        .filter(buildsZod)
        .map((m) => `${path.relative(src, file)} → @panalo/contract/${m}`),
    );
    expect(found).toEqual([]);
  });

  it('the check tells a value import from a type import', () => {
    expect(valueImports("import { LIVE_API, type LiveEventName } from '@panalo/contract/live';")).toEqual([
      'live',
    ]);
    expect(
      valueImports("import type {\n  Limits,\n  LimitSpan,\n} from '@panalo/contract/protection';"),
    ).toEqual([]);
    expect(valueImports("import { type Limits } from '@panalo/contract/protection';")).toEqual([]);
    expect(buildsZod('protection')).toBe(true);
    expect(buildsZod('protection-rules')).toBe(false);
  });
});
