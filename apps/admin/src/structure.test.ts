import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The console is built like the member site (apps/web/src/features): each area a folder with its calls
// and query keys in api/, its pieces in components/, its routed screens in screens/ and its pure logic in
// rules/. These checks keep it so; apps/admin/src/README.md says why.

const src = path.dirname(fileURLToPath(import.meta.url));
const appsDir = path.resolve(src, '../..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? (e.name === 'node_modules' || e.name === 'dist' ? [] : files(p)) : [p];
  });
}

const code = (dir: string) => files(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
const rel = (f: string) => path.relative(src, f);
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]!);

describe('the console is built like the member site', () => {
  it('every area file is in api/, components/, screens/ or rules/ (or the README)', () => {
    const stray = files(path.join(src, 'features'))
      .map(rel)
      .filter((f) => !/^features\/[a-z-]+\/(README\.md|(api|components|screens|rules)\/[^/]+)$/.test(f));
    expect(stray).toEqual([]);
  });

  it('only api/ calls the server: screens and components call the area functions', () => {
    const direct = code(path.join(src, 'features'))
      .filter((f) => !f.includes(`${path.sep}api${path.sep}`))
      .filter((f) => /import \{[^}]*\bapi\b[^}]*\} from '[./]+lib\/api'/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(direct).toEqual([]);
  });

  it('every query key comes from a key factory (api/keys.ts or lib/query-keys.ts)', () => {
    const literal = code(src)
      .filter((f) => !/(api\/keys|lib\/query-keys)\.ts$/.test(f))
      .filter((f) => /queryKey:\s*\[/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(literal).toEqual([]);
  });

  it("an area uses another area's calls, keys and pieces, never its screens", () => {
    const crossing = code(path.join(src, 'features')).flatMap((f) => {
      const area = rel(f).split('/')[1];
      return importsOf(f)
        .filter((i) => i.startsWith('.'))
        .map((i) => path.relative(src, path.resolve(path.dirname(f), i)))
        .filter((target) => {
          const [top, other, folder] = target.split('/');
          return top === 'features' && other !== area && folder === 'screens';
        })
        .map((target) => `${rel(f)} → ${target}`);
    });
    expect(crossing).toEqual([]);
  });

  it("neither app reaches into the other's folders: what both need is a package (@panalo/client, contract)", () => {
    const reaching = (app: string, other: string) =>
      code(path.join(appsDir, app, 'src')).flatMap((f) =>
        importsOf(f)
          .filter((i) =>
            i.startsWith('.')
              ? !path.resolve(path.dirname(f), i).startsWith(path.join(appsDir, app) + path.sep)
              : i.startsWith(`@panalo/${other}`),
          )
          .map((i) => `${path.relative(appsDir, f)} → ${i}`),
      );
    expect([...reaching('admin', 'web'), ...reaching('web', 'admin')]).toEqual([]);
  });
});
