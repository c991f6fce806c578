import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** The console's look: Mantine's defaults with a darker primary shade (8), so white text on it passes AA. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
});

/**
 * Mantine's dimmed text (gray 6 on white, 3.3:1) fails WCAG AA: gray 7 (7:1) instead. So do its field
 * errors and red text (red 6, 3.3:1): red 9 (5.9:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    '--mantine-color-red-text': t.colors.red[9] ?? '#c92a2a',
  },
  dark: {},
});
