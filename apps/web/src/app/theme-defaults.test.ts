import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCENT_INK, contrastFailures, dangerColour } from '@panalo/contract/theme-contrast';

// The colours the page uses before a merchant's theme is applied (and where a variable is missing).
const css = readFileSync(path.join(__dirname, 'global.css'), 'utf8');
const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
const v = (name: string) => {
  const raw = new RegExp(`--p-${name}:\\s*(#[0-9a-fA-F]{3,6})`).exec(root)?.[1] ?? '';
  return raw.length === 4 ? `#${[...raw.slice(1)].map((c) => c + c).join('')}` : raw;
};

describe('the default theme in global.css', () => {
  it('passes every text pair the site draws, and writes the checked ink on the accent and the checked error red', () => {
    const theme = {
      primary: v('primary'),
      primaryText: v('primary-text'),
      accent: v('accent'),
      background: v('bg'),
      surface: v('surface'),
      text: v('text'),
      mutedText: v('muted'),
      header: v('header'),
      headerText: v('header-text'),
      footer: v('footer'),
    };
    for (const [k, c] of Object.entries(theme)) expect(c, k).toMatch(/^#[0-9a-fA-F]{6}$/);
    expect(contrastFailures(theme)).toEqual([]);
    expect(v('accent-ink')).toBe(ACCENT_INK);
    expect(v('danger')).toBe(dangerColour(theme));
  });
});
