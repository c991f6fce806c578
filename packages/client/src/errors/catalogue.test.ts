import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_LANGUAGES, loadAllErrorTexts } from './index';

const dir = path.dirname(fileURLToPath(import.meta.url));
const files = (lang: string) => readdirSync(path.join(dir, lang)).sort();
const read = (lang: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')) as Record<string, Record<string, unknown>>;

describe('the shared refusal texts', () => {
  it('I18N-001 every language has the same files, each with the one top-level key errors', () => {
    for (const lang of ERROR_LANGUAGES) {
      expect(files(lang)).toEqual(['errors-shell.json', 'errors.json']);
      for (const file of files(lang))
        expect(Object.keys(read(lang, file)), `${lang}/${file}`).toEqual(['errors']);
    }
  });

  it('I18N-001 no text is defined twice (the shell file and the rest are merged into one namespace)', () => {
    for (const lang of ERROR_LANGUAGES) {
      const shell = Object.keys(read(lang, 'errors-shell.json').errors!);
      const rest = new Set(Object.keys(read(lang, 'errors.json').errors!));
      expect(
        shell.filter((k) => rest.has(k)),
        lang,
      ).toEqual([]);
    }
  });

  it('I18N-001 EN and TY have the same codes, each a non-empty text with the same variables', async () => {
    const [en, ty] = await Promise.all([loadAllErrorTexts('en'), loadAllErrorTexts('ty')]);
    expect(Object.keys(ty.errors).sort()).toEqual(Object.keys(en.errors).sort());
    const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    for (const [code, text] of Object.entries(en.errors)) {
      expect(typeof text === 'string' && text.trim() !== '', code).toBe(true);
      expect(ty.errors[code]!.trim(), code).not.toBe('');
      expect(vars(ty.errors[code]!), code).toEqual(vars(text));
    }
    // The shell's texts are in the whole set (the console loads them all at once).
    expect(en.errors.no_network).toBeTruthy();
    expect(en.errors.insufficient_balance).toBeTruthy();
  });
});
