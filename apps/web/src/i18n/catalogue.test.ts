import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogues } from './index';

// House rule 5: every user-facing string goes through the translator (i18n/translator.ts), and EN and TY are complete. These checks
// hold for every catalogue file, including those features add later.

type Tree = { [k: string]: string | Tree };

function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree !== null && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [k, v] of Object.entries(tree as Tree)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, tree);
  }
  return out;
}

const en = flatten(catalogues.EN);
const ty = flatten(catalogues.TY);

const variables = (s: unknown) =>
  typeof s === 'string' ? [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort() : [];

// Plural forms: t('a.count', { count }) resolves a.count_one / a.count_other.
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];
const hasKey = (flat: Map<string, unknown>, key: string) =>
  flat.has(key) || PLURAL_SUFFIXES.some((s) => flat.has(key + s));

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'test' && e.name !== 'node_modules') sourceFiles(p, out);
    } else if (/\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) {
      out.push(p);
    }
  }
  return out;
}

/** Literal keys passed to t(…) / i18n.t(…) or <Trans i18nKey="…">. Computed keys are not seen. */
function keysIn(text: string): string[] {
  const call = /(?<![\w$])t\(\s*(['"])([A-Za-z0-9_.-]+)\1/g;
  const trans = /i18nKey=\{?\s*(['"])([A-Za-z0-9_.-]+)\1/g;
  return [...text.matchAll(call), ...text.matchAll(trans)].map((m) => m[2]!);
}

/** Every literal key in apps/web/src (tests excluded), with the first file that uses it. */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    for (const key of keysIn(readFileSync(file, 'utf8'))) {
      if (!used.has(key)) used.set(key, path.relative(srcDir, file));
    }
  }
  return used;
}

const localeFiles = (lang: string) =>
  readdirSync(path.join(srcDir, 'i18n/locales', lang))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('translation catalogues', () => {
  it('the key scanner sees t(), i18n.t() and i18nKey literals, not computed keys or it()', () => {
    const sample = `t('a.b'); i18n.t("c.d", { n }); <Trans i18nKey="e.f" />; it('x.y', f); t(\`g.\${h}\`); t(k)`;
    expect(keysIn(sample).sort()).toEqual(['a.b', 'c.d', 'e.f']);
  });

  it('I18N-001 EN and TY have the same files, each with one top-level key, and no text defined twice', () => {
    expect(localeFiles('ty')).toEqual(localeFiles('en'));
    for (const lang of ['en', 'ty']) {
      const owners = new Map<string, string>();
      for (const file of localeFiles(lang)) {
        const json = JSON.parse(
          readFileSync(path.join(srcDir, 'i18n/locales', lang, file), 'utf8'),
        ) as Record<string, Record<string, unknown>>;
        const top = Object.keys(json);
        expect(top, `${lang}/${file}`).toHaveLength(1);
        // Files with the same top-level key are merged one level deep (errors-shell and errors): an
        // entry defined in two of them would hide one of the two texts.
        for (const key of Object.keys(json[top[0]!]!)) {
          const id = `${top[0]}.${key}`;
          expect(owners.get(id), `${lang}/${file} redefines "${id}"`).toBeUndefined();
          owners.set(id, file);
        }
      }
    }
  });

  it('I18N-001 EN and TY have exactly the same keys', () => {
    const onlyEn = [...en.keys()].filter((k) => !ty.has(k));
    const onlyTy = [...ty.keys()].filter((k) => !en.has(k));
    expect({ onlyEn, onlyTy }).toEqual({ onlyEn: [], onlyTy: [] });
    expect(en.size).toBeGreaterThan(0);
  });

  it('I18N-001 every entry is a non-empty string', () => {
    const bad = [...en, ...ty]
      .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    expect(bad).toEqual([]);
  });

  it('I18N-001 interpolation variables match between EN and TY', () => {
    const mismatched = [...en.keys()]
      .filter((k) => ty.has(k))
      .filter((k) => variables(en.get(k)).join() !== variables(ty.get(k)).join())
      .map((k) => `${k}: EN {${variables(en.get(k)).join()}} TY {${variables(ty.get(k)).join()}}`);
    expect(mismatched).toEqual([]);
  });

  it('I18N-001 every literal key used in the source exists in EN and in TY', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used]
      .flatMap(([key, file]) => [
        ...(hasKey(en, key) ? [] : [`EN ${key} (${file})`]),
        ...(hasKey(ty, key) ? [] : [`TY ${key} (${file})`]),
      ])
      .sort();
    expect(missing).toEqual([]);
  });
});
