import { contrastRatio } from '@panalo/contract/theme-contrast';
import type { ThemeColours } from '@panalo/contract/theme-vars';

/**
 * Starting points for a new brand's colours, each readable in every pair the site draws (palettes.test.ts
 * checks them with the contract's `contrastFailures`, the server's own check). Emerald and night are the
 * demo brands' colours.
 */
export const PALETTES = {
  emerald: {
    primary: '#0d7752',
    primaryText: '#ffffff',
    accent: '#f5b700',
    background: '#f2f5f3',
    surface: '#ffffff',
    text: '#17211c',
    mutedText: '#5b6b63',
    header: '#0b6b49',
    headerText: '#ffffff',
    footer: '#ffffff',
  },
  royal: {
    primary: '#1d4ed8',
    primaryText: '#ffffff',
    accent: '#fbbf24',
    background: '#f1f4fa',
    surface: '#ffffff',
    text: '#111827',
    mutedText: '#4b5563',
    header: '#1e3a8a',
    headerText: '#ffffff',
    footer: '#ffffff',
  },
  ruby: {
    primary: '#b3123a',
    primaryText: '#ffffff',
    accent: '#f5b700',
    background: '#faf3f4',
    surface: '#ffffff',
    text: '#1f1416',
    mutedText: '#5f4b50',
    header: '#8c0e2d',
    headerText: '#ffffff',
    footer: '#ffffff',
  },
  night: {
    primary: '#b285da',
    primaryText: '#14101f',
    accent: '#ff4d6d',
    background: '#14101f',
    surface: '#221a33',
    text: '#f1ecfa',
    mutedText: '#b8aecb',
    header: '#1b1329',
    headerText: '#f1ecfa',
    footer: '#1b1329',
  },
  gold: {
    primary: '#f2c14e',
    primaryText: '#1a1405',
    accent: '#f2c14e',
    background: '#101010',
    surface: '#1c1c1c',
    text: '#f5f5f5',
    mutedText: '#bdbdbd',
    header: '#000000',
    headerText: '#f2c14e',
    footer: '#1c1c1c',
  },
} as const satisfies Record<string, ThemeColours>;
export type PaletteName = keyof typeof PALETTES;
export const PALETTE_NAMES = Object.keys(PALETTES) as PaletteName[];

const WHITE = '#ffffff';
const INK = '#111111';

/** White or near-black, whichever reads better on `background`. */
export const readableInk = (background: string): string =>
  contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK;

/**
 * The theme with the text drawn on its own colours (button labels, the header's text) set to white or
 * near-black, whichever reads better: a quick repair after picking a brand colour.
 */
export const withReadableInk = <T extends ThemeColours>(theme: T): T => ({
  ...theme,
  primaryText: readableInk(theme.primary),
  headerText: readableInk(theme.header),
});
