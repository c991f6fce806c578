import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ty from './locales/ty.json';
import errors from '@panalo/client/errors/en/errors.json';
import shellErrors from '@panalo/client/errors/en/errors-shell.json';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) && !f.endsWith('.test.ts') ? [p] : [];
  });

describe('the console’s texts (EN and TY)', () => {
  it('both languages have the same keys, none empty', () => {
    expect(keys(ty).sort()).toEqual(keys(en).sort());
    for (const k of keys(en))
      expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], en)).not.toBe('');
  });

  it('every literal key the code asks for exists', () => {
    // The refusal texts come from the member site's catalogues.
    const known = new Set([...keys(en), ...keys(errors), ...keys(shellErrors)]);
    const missing: string[] = [];
    for (const f of files(src)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\bt\('([a-zA-Z]+\.[\w.]+)'/g)) {
        // A counted text (i18next plurals) is known by its forms: key_one, key_other.
        if (!known.has(m[1]!) && !known.has(`${m[1]!}_other`))
          missing.push(`${path.relative(src, f)}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
