import type { StartupBundle } from '@panalo/contract/startup';
import { findLocale } from '@panalo/contract/locales';
import { themeVariables } from '@panalo/contract/theme-vars';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// JSON inside <script type="application/json">: nothing in it may close the element or break the page.
const safeJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The SPA's index.html for one merchant and client: theme colours, title and language set before any
 * script runs, and the startup bundle inlined as data (not code, so the CSP still allows no inline
 * script), which saves the client a round trip before its first render.
 */
export function renderIndexHtml(template: string, bundle: StartupBundle): string {
  const site = bundle.site;
  const locale = findLocale(site.defaultLanguage);
  const vars = Object.entries(themeVariables(site.theme))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  const head = [
    `<style id="merchant-theme">:root{${escapeHtml(vars)}}</style>`,
    `<script id="startup-bundle" type="application/json">${safeJson(bundle)}</script>`,
  ].join('');
  return template
    .replace(/<html[^>]*>/, `<html lang="${locale?.tag ?? 'en'}" dir="${locale?.dir ?? 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.name)}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${escapeHtml(site.theme.header)}"`,
    )
    .replace('</head>', `${head}</head>`);
}
