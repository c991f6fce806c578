import { describe, expect, it } from 'vitest';
import {
  DANGER_ON_DARK,
  DANGER_ON_LIGHT,
  contrastFailures,
  contrastRatio,
  dangerColour,
  themePairs,
  tint,
} from './theme-contrast';
import { themeVariables } from './theme-vars';

// The demo merchant's theme before issue 23: the contrast failures axe found on 17 of 20 screens.
const oldPanalo = {
  primary: '#0f8a5f',
  primaryText: '#ffffff',
  accent: '#f5b700',
  background: '#f2f5f3',
  surface: '#ffffff',
  text: '#17211c',
  mutedText: '#5b6b63',
  header: '#0b6b49',
  headerText: '#ffffff',
  footer: '#ffffff',
};

describe('theme contrast (WCAG 2.1)', () => {
  it('computes the WCAG ratio: black on white 21, equal colours 1, #777 on white just under 4.5', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The figures the issue measured on the demo theme.
    expect(contrastRatio('#0f8a5f', '#ffffff')).toBeCloseTo(4.36, 1);
    expect(contrastRatio('#f5b700', '#ffffff')).toBeCloseTo(1.8, 1);
  });

  it('mixes a tint over its base as the browser draws color-mix(in srgb, c n%, transparent)', () => {
    expect(tint('#000000', 0.5, '#ffffff')).toBe('#808080');
    expect(tint('#0f8a5f', 0, '#ffffff')).toBe('#ffffff');
    expect(tint('#0f8a5f', 1, '#ffffff')).toBe('#0f8a5f');
  });

  it('names each failing pair of the old demo theme with its ratio, and passes a readable one', () => {
    const failures = contrastFailures(oldPanalo);
    expect(failures.map((f) => f.name).sort()).toEqual(
      [
        'primary-on-background',
        'primary-on-footer',
        'primary-on-surface',
        'primary-on-tint',
        'primary-text-on-primary',
      ].sort(),
    );
    const onSurface = failures.find((f) => f.name === 'primary-on-surface')!;
    expect(onSurface).toMatchObject({ foreground: '#0f8a5f', background: '#ffffff', min: 4.5 });
    expect(onSurface.ratio).toBe(4.35); // rounded down: the figure the issue reports
    expect(contrastFailures({ ...oldPanalo, primary: '#0d7752' })).toEqual([]);
  });

  it('checks the ink the site writes on the accent, through the same variable the CSS reads', () => {
    expect(themePairs(oldPanalo).find((p) => p.name === 'ink-on-accent')?.foreground).toBe(
      themeVariables(oldPanalo)['--p-accent-ink'],
    );
    expect(
      contrastFailures({ ...oldPanalo, primary: '#0d7752', accent: '#333333' }).map((f) => f.name),
    ).toEqual(['ink-on-accent']);
  });

  it('picks the error red for the surface it is written on, and the CSS variable carries it', () => {
    expect(dangerColour({ surface: '#ffffff' })).toBe(DANGER_ON_LIGHT);
    expect(dangerColour({ surface: '#221a33' })).toBe(DANGER_ON_DARK);
    expect(themeVariables({ ...oldPanalo, surface: '#221a33' })['--p-danger']).toBe(DANGER_ON_DARK);
    // The red the error texts used before (#d92d20) read 3.4:1 on the dark theme's surface.
    expect(contrastRatio('#d92d20', '#221a33')).toBeLessThan(4.5);
    expect(contrastRatio(DANGER_ON_DARK, '#221a33')).toBeGreaterThanOrEqual(4.5);
  });
});
