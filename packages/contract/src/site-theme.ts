import { z } from 'zod';
import { ok } from './common';
import { theme } from './merchant';

/** An operator saves the merchant's theme: refused (theme_contrast) when a text pair is unreadable. */
/** No control characters (NUL among them: PostgreSQL cannot store it in JSON). */
const noControl = (s: string) => ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export const opsThemeRequest = z.object({
  theme: theme.extend({
    logo: theme.shape.logo.max(200).refine(noControl),
    logoAlt: theme.shape.logoAlt.max(100).refine(noControl),
  }),
  reason: z.string().trim().min(3).max(200).refine(noControl),
});
export const opsThemeResponse = ok(z.object({ theme }));

/** The refusal's value: the pairs below their minimum (see theme-contrast.ts). */
export const themeContrastFailure = z.object({
  name: z.string(),
  foreground: z.string(),
  background: z.string(),
  ratio: z.number(),
  min: z.number(),
});
