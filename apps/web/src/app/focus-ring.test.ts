import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 23: focus is visible. Every focus ring of the site's CSS is drawn in a colour the theme check
// (packages/contract/src/theme-contrast.ts) guarantees against what lies under it: the body text on the
// page and on cards, the header's text in the header, the brand colour on the footer, or the element's
// own text colour when the ring is drawn inside it. The accent (a light yellow) was faint on white.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cssFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? cssFiles(p) : p.endsWith('.css') ? [p] : [];
  });

const ALLOWED: { colour: string; inside?: string }[] = [
  { colour: 'var(--p-text)' },
  { colour: 'currentColor' },
  { colour: 'var(--p-header-text)', inside: '.app-header' },
  { colour: 'var(--p-primary)', inside: '.app-footer' },
];

describe('focus rings (issue 23)', () => {
  it('every :focus rule draws its ring in a colour the theme check covers', () => {
    const rings: { file: string; selector: string; colour: string }[] = [];
    for (const file of cssFiles(src)) {
      const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        const selector = m[1]!.trim();
        if (!selector.includes(':focus')) continue;
        const outline = /outline(?:-color)?\s*:\s*([^;]+);/.exec(m[2]!);
        if (!outline || /^(none|0)\b/.test(outline[1]!.trim())) continue;
        const colour = outline[1]!.trim().replace(/^\d+px\s+solid\s+/, '');
        rings.push({ file: path.relative(src, file), selector, colour });
      }
    }
    expect(rings.length).toBeGreaterThan(5);
    const faint = rings.filter(
      (r) =>
        !ALLOWED.some(
          (a) =>
            a.colour === r.colour &&
            (!a.inside || r.selector.split(',').every((s) => s.trim().startsWith(a.inside!))),
        ),
    );
    expect(faint).toEqual([]);
  });
});
