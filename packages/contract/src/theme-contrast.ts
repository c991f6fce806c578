// Zod-free: the server refuses a theme with an unreadable pair; the tests check every seeded theme.
import type { ThemeColours } from './theme-vars';

/** The near-black ink the site writes on the accent colour (badges, the register button). */
export const ACCENT_INK = '#111111';

/** The error and danger red the site uses on a light surface, and on a dark one. */
export const DANGER_ON_LIGHT = '#b42318';
export const DANGER_ON_DARK = '#ff8a80';
/** How much of the danger colour the site mixes over the surface behind an error message. */
export const DANGER_TINT = 0.1;

/** How much of a colour the site mixes over the surface for a tinted chip or tab (the strongest tint). */
export const PRIMARY_TINT = 0.14;

/** WCAG 2.1: 4.5:1 for body text, 3:1 for large text and the boundaries of controls. */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_LARGE_CONTRAST = 3;

/** One text/background pair the site draws with a theme's colours. */
export interface ThemePair {
  /** A stable name, in the refusal and the tests (`primary-on-surface`). */
  name: string;
  foreground: string;
  background: string;
  /** The least contrast the pair must reach. */
  min: number;
}

const rgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.replace(/^#/, ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const hex = (c: [number, number, number]) =>
  `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** `color-mix(in srgb, colour share, transparent)` drawn over `base`: the colour the eye sees. */
export function tint(colour: string, share: number, base: string): string {
  const a = rgb(colour);
  const b = rgb(base);
  return hex([0, 1, 2].map((i) => a[i]! * share + b[i]! * (1 - share)) as [number, number, number]);
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(colour: string): number {
  const [r, g, b] = rgb(colour).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The theme's error red: dark on a light surface, light on a dark one. */
export function dangerColour(t: Pick<ThemeColours, 'surface'>): string {
  return luminance(t.surface) > 0.4 ? DANGER_ON_LIGHT : DANGER_ON_DARK;
}

/**
 * Every pair of theme colours the site puts text on: body and secondary text on the page and on cards,
 * links, tabs and prices in the brand colour (also on its light tint, as chips and active tabs), button
 * labels, the header, the footer's tabs, the ink on accent badges and error texts (also on their tint).
 */
export function themePairs(t: ThemeColours): ThemePair[] {
  const primaryTint = tint(t.primary, PRIMARY_TINT, t.surface);
  const danger = dangerColour(t);
  const dangerTint = tint(danger, DANGER_TINT, t.surface);
  const text = MIN_TEXT_CONTRAST;
  return [
    { name: 'text-on-background', foreground: t.text, background: t.background, min: text },
    { name: 'text-on-surface', foreground: t.text, background: t.surface, min: text },
    { name: 'muted-on-background', foreground: t.mutedText, background: t.background, min: text },
    { name: 'muted-on-surface', foreground: t.mutedText, background: t.surface, min: text },
    { name: 'primary-on-surface', foreground: t.primary, background: t.surface, min: text },
    { name: 'primary-on-background', foreground: t.primary, background: t.background, min: text },
    { name: 'primary-on-tint', foreground: t.primary, background: primaryTint, min: text },
    { name: 'primary-text-on-primary', foreground: t.primaryText, background: t.primary, min: text },
    { name: 'header-text-on-header', foreground: t.headerText, background: t.header, min: text },
    { name: 'muted-on-footer', foreground: t.mutedText, background: t.footer, min: text },
    { name: 'primary-on-footer', foreground: t.primary, background: t.footer, min: text },
    { name: 'ink-on-accent', foreground: ACCENT_INK, background: t.accent, min: text },
    { name: 'danger-on-surface', foreground: danger, background: t.surface, min: text },
    { name: 'danger-on-background', foreground: danger, background: t.background, min: text },
    { name: 'danger-on-tint', foreground: danger, background: dangerTint, min: text },
  ];
}

/** A pair that is too faint, with its measured ratio (two decimals, rounded down). */
export interface ContrastFailure {
  name: string;
  foreground: string;
  background: string;
  ratio: number;
  min: number;
}

/** The theme's pairs below their minimum; empty when every text the theme draws is readable. */
export function contrastFailures(t: ThemeColours): ContrastFailure[] {
  return themePairs(t)
    .map((p) => ({ ...p, ratio: Math.floor(contrastRatio(p.foreground, p.background) * 100) / 100 }))
    .filter((p) => contrastRatio(p.foreground, p.background) < p.min);
}
