import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** The console's look: Mantine's defaults with a darker primary shade (8), so white text on it passes AA. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  // Mantine's greens 8 and 9 carry white text at 3.3:1 and 4.4:1 (a "verified" badge failed AA): the two
  // darkest shades darkened to 6.1:1 and 8.3:1, the lighter ones as Mantine has them.
  colors: {
    green: [
      '#ebfbee',
      '#d3f9d8',
      '#b2f2bb',
      '#8ce99a',
      '#69db7c',
      '#51cf66',
      '#40c057',
      '#37b24d',
      '#237032',
      '#1b5a28',
    ],
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
});

/**
 * Mantine's dimmed text (gray 6 on white, 3.3:1) fails WCAG AA: gray 7 (7:1) instead. So do its field
 * errors and red text (red 6, 3.3:1): red 9 (5.9:1). The light badges' yellow and orange text (2.7:1 and
 * 4.0:1 on their tints) are darkened to 5.5:1 and 5.2:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    '--mantine-color-red-text': t.colors.red[9] ?? '#c92a2a',
    '--mantine-color-yellow-light-color': '#8f5300',
    '--mantine-color-orange-light-color': '#b83e0c',
  },
  dark: {},
});
