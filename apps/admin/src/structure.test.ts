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

// Two shells in one build (apps/admin/src/README.md): the brand console, whose client is lib/api.ts with
// the brand staff's session, and the provider console at /admin/provider/, whose client is
// lib/provider-api.ts with the provider staff's. A piece of one that called through the other's client
// would send the wrong session: each side imports only its own.
const PROVIDER_AREAS = [
  'brands',
  'provider-audit',
  'provider-auth',
  'provider-billing',
  'provider-figures',
  'provider-system',
];
const PROVIDER_SHELL = /^app\/provider-[a-z-]+\.tsx?$/;
const importsClient = (f: string, client: 'api' | 'provider-api') =>
  importsOf(f).some(
    (i) => i.startsWith('.') && path.resolve(path.dirname(f), i) === path.join(src, 'lib', client),
  );

describe('the provider console and the brand console keep their sessions apart', () => {
  it('every provider area exists (a renamed one must be renamed here too)', () => {
    const areas = readdirSync(path.join(src, 'features'));
    expect(PROVIDER_AREAS.filter((a) => !areas.includes(a))).toEqual([]);
  });

  it("the provider's areas and shell never import the brand console's client (lib/api.ts)", () => {
    const provider = code(src).filter((f) => {
      const r = rel(f);
      return PROVIDER_AREAS.includes(r.split('/')[1] ?? '') && r.startsWith('features/')
        ? true
        : PROVIDER_SHELL.test(r);
    });
    expect(provider.length).toBeGreaterThan(0);
    expect(provider.filter((f) => importsClient(f, 'api')).map(rel)).toEqual([]);
  });

  it("the brand console's areas, shell and shared pieces never import the provider's client", () => {
    const brand = code(src).filter((f) => {
      const r = rel(f);
      if (r.startsWith('features/')) return !PROVIDER_AREAS.includes(r.split('/')[1] ?? '');
      return !PROVIDER_SHELL.test(r) && r !== 'lib/provider-api.ts';
    });
    expect(brand.filter((f) => importsClient(f, 'provider-api')).map(rel)).toEqual([]);
  });

  it("only the provider areas' api/ call the provider's client", () => {
    const direct = code(path.join(src, 'features'))
      .filter((f) => !f.includes(`${path.sep}api${path.sep}`))
      .filter((f) =>
        /import \{[^}]*\bproviderApi\b[^}]*\} from '[./]+lib\/provider-api'/.test(readFileSync(f, 'utf8')),
      )
      .map(rel);
    expect(direct).toEqual([]);
  });
});
