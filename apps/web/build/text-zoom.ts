/**
 * Text that follows the reader's text size (issue 23, WCAG 1.4.4).
 *
 * A browser's text-size setting changes the root font size; a size written in px ignores it. The site's
 * type (and the UI kit's) is written in px, as the designs give it, and this PostCSS step rewrites the
 * declarations that size text into rem at build time (16 px = 1 rem, the browsers' default: at the default
 * setting nothing moves). Box sizes, borders and gaps stay in px: only the text grows, and the layout
 * makes room for it (the e2e text-zoom run checks that no screen then scrolls sideways at 320 px).
 */
import type { Plugin } from 'postcss';

/** Properties whose px lengths are text sizes. */
const TEXT_PROPS = new Set(['font-size', 'font', 'line-height', 'letter-spacing']);
/** Custom properties that carry a text size (ours and the UI kit's `--adm-font-size-*`). */
const TEXT_VAR = /^--[\w-]*font-size/;
const PX = /(^|[\s,(/])(-?\d*\.?\d+)px\b/g;

export const ROOT_PX = 16;

export function isTextSize(prop: string): boolean {
  return TEXT_PROPS.has(prop) || TEXT_VAR.test(prop);
}

/** `13px` → `0.8125rem`; other units, keywords and `0` stay as they are. */
export function pxToRem(value: string): string {
  return value.replace(PX, (_, lead: string, n: string) => {
    const rem = Number(n) / ROOT_PX;
    return `${lead}${rem === 0 ? '0' : `${Number(rem.toFixed(4))}rem`}`;
  });
}

/** The PostCSS plugin (Vite runs it on every stylesheet, the UI kit's too). */
export function textZoom(): Plugin {
  return {
    postcssPlugin: 'panalo-text-zoom',
    Declaration(decl) {
      if (isTextSize(decl.prop) && decl.value.includes('px')) decl.value = pxToRem(decl.value);
    },
  };
}
