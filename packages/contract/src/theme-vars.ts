// Zod-free: used by the server (inlined into index.html) and the web app (after a theme change).
import { ACCENT_INK, dangerColour } from './theme-contrast';

export interface ThemeColours {
  primary: string;
  primaryText: string;
  accent: string;
  background: string;
  surface: string;
  text: string;
  mutedText: string;
  header: string;
  headerText: string;
  footer: string;
}

/** The merchant theme as CSS variables: antd-mobile's and ours. */
export function themeVariables(theme: ThemeColours): Record<string, string> {
  return {
    '--adm-color-primary': theme.primary,
    '--adm-color-background': theme.surface,
    '--adm-color-text': theme.text,
    '--adm-color-weak': theme.mutedText,
    '--p-primary': theme.primary,
    '--p-primary-text': theme.primaryText,
    '--p-accent': theme.accent,
    '--p-accent-ink': ACCENT_INK,
    '--p-danger': dangerColour(theme),
    '--p-bg': theme.background,
    '--p-surface': theme.surface,
    '--p-text': theme.text,
    '--p-muted': theme.mutedText,
    '--p-header': theme.header,
    '--p-header-text': theme.headerText,
    '--p-footer': theme.footer,
  };
}
