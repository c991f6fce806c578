import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, tint } from '@panalo/contract/theme-contrast';

// Win Go's "Big" and "Small" are coloured text on the results card (--p-surface): lottery.css mixes a
// signal colour with the theme's text, so the colour each theme sees is computed here as the browser does.
const css = readFileSync(path.join(__dirname, 'lottery.css'), 'utf8');

/** The colour `selector` is drawn in on a theme: `color-mix(in srgb, #hex N%, var(--p-text))`. */
function drawn(selector: string, text: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  const m = /(?<![\w-])color:\s*color-mix\(in srgb, (#[0-9a-fA-F]{6}) (\d+)%, var\(--p-text\)\)/.exec(body);
  if (!m) throw new Error(`${selector}: no colour mixed with the theme's text`);
  return tint(m[1]!, Number(m[2]) / 100, text);
}

// The seeded merchants' text and card colours (db/seed/merchants.seed.ts): Panalo light, Luzon dark.
const THEMES = {
  panalo: { text: '#17211c', surface: '#ffffff' },
  luzon: { text: '#f1ecfa', surface: '#221a33' },
};

describe('Win Go’s big and small labels', () => {
  it.each(Object.entries(THEMES))('read at 4.5:1 on %s’s card', (_, theme) => {
    for (const size of ['big', 'small']) {
      const colour = drawn(`.lott-size--${size}`, theme.text);
      expect(contrastRatio(colour, theme.surface), size).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe('Win Go’s coloured choices and the near-draw timer', () => {
  it.each(Object.entries(THEMES))(
    '#49 read at 4.5:1 on %s’s card (green, violet, the last seconds)',
    (_, theme) => {
      for (const selector of [
        ".lott-choice--green:not([aria-pressed='true'])",
        ".lott-choice--violet:not([aria-pressed='true'])",
        '.lott-timer--near',
      ]) {
        const colour = drawn(selector, theme.text);
        expect(contrastRatio(colour, theme.surface), selector).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    },
  );

  it('#49 the odds under a choice are not faded (11 px text)', () => {
    const odds = /\.lott-choice__odds\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(odds).not.toMatch(/opacity/);
  });
});

describe('the near-draw timer’s blink', () => {
  it('#49 steps between colours that both read, never to a faded one', () => {
    const blink = /@keyframes lott-blink\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
    expect(blink).not.toBe('');
    expect(blink).not.toMatch(/opacity/);
    expect(blink).toMatch(/color:\s*var\(--p-text\)/);
  });
});
