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
export interface PageHints {
  /** The image host picked (at random, spec §4) for this page load; the client keeps using it. */
  imageHost?: string;
  /** Images the first screen shows at once (home's first banner): fetched in parallel with the script. */
  preloadImages?: string[];
  /**
   * Home's first banner, painted by the page itself before the script has run: the largest thing home
   * shows, in the slot and at the size the carousel then draws it (React replaces it in place).
   */
  bootBanner?: { src: string; alt: string };
  /** The brand's own app icon (uploaded by the provider): the browser tab's icon. */
  icon?: { href: string; type: string };
}

export function renderIndexHtml(template: string, bundle: StartupBundle, hints: PageHints = {}): string {
  const site = bundle.site;
  const locale = findLocale(site.defaultLanguage);
  const vars = Object.entries(themeVariables(site.theme))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  const head = [
    `<style id="merchant-theme">:root{${escapeHtml(vars)}}${BOOT_CSS}</style>`,
    `<script id="startup-bundle" type="application/json">${safeJson(bundle)}</script>`,
    hints.imageHost !== undefined ? `<meta name="image-host" content="${escapeHtml(hints.imageHost)}">` : '',
  ].join('');
  // The first screen's largest image is asked for before the scripts (their tags come earlier in the
  // template): on a slow link it should not queue behind 100 KiB of code it does not need.
  const preloads = (hints.preloadImages ?? [])
    .map((href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`)
    .join('');
  // The page that shows home's banner asks for the app's code once the banner is drawn (apps/web
  // main.tsx); the template's preloads of that code (`data-app`) would fetch it beside the banner.
  const page = hints.bootBanner
    ? template.replace(/<link rel="modulepreload"[^>]*\sdata-app\b[^>]*>\s*/g, '')
    : template;
  return page
    .replace(/<meta charset="[^"]*"\s*\/?>|<head>(?![\s\S]*<meta charset)/i, (first) => `${first}${preloads}`)
    .replace(/<html[^>]*>/, `<html lang="${locale?.tag ?? 'en'}" dir="${locale?.dir ?? 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.name)}</title>`)
    .replace(/<link rel="icon"[^>]*>/, (tag) =>
      hints.icon
        ? `<link rel="icon" href="${escapeHtml(hints.icon.href)}" type="${escapeHtml(hints.icon.type)}" />`
        : tag,
    )
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${escapeHtml(site.theme.header)}"`,
    )
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${bootSkeleton(hints.bootBanner)}</div>`);
}

// What the page shows before the app's script has run: the merchant's colours in the shapes of the
// header and the first sections, so the screen is never blank white, and on home the first banner itself
// (real content the server chose, at the carousel's size and place). React replaces it on its first render.
const BOOT_CSS =
  '.boot{min-height:100vh;background:var(--p-bg)}' +
  '.boot__bar{height:48px;background:var(--p-header);display:flex;align-items:center;padding:0 12px}' +
  '.boot__logo{width:84px;height:24px;border-radius:12px;background:var(--p-header-text);opacity:.25}' +
  '.boot__banner{margin:8px 12px 0;border-radius:12px;overflow:hidden;aspect-ratio:5/2;background:var(--p-surface)}' +
  '.boot__banner:empty{opacity:.7}' +
  '.boot__banner img{display:block;width:100%;height:100%;object-fit:cover}' +
  '.boot__line{margin:12px;height:40px;border-radius:20px;background:var(--p-surface);opacity:.7}';

function bootSkeleton(banner: PageHints['bootBanner']): string {
  const image = banner
    ? `<img src="${escapeHtml(banner.src)}" alt="${escapeHtml(banner.alt)}" width="750" height="300" fetchpriority="high">`
    : '';
  return (
    '<div class="boot" aria-busy="true"><div class="boot__bar"><div class="boot__logo"></div></div>' +
    `<div class="boot__banner">${image}</div><div class="boot__line"></div></div>`
  );
}

/**
 * The template with the build's own stylesheets (`/assets/*.css` links) written into the page: the
 * screen can paint from the HTML alone, without one more round trip before the first paint (on mobile
 * data that trip costs more than the few KiB the page grows by). A stylesheet that cannot be read stays
 * a link, so the page is never left without its styles.
 */
export function inlineStylesheets(template: string, read: (assetPath: string) => string | null): string {
  return template.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)"\s*\/?>/g,
    (link, href: string) => {
      const css = read(href);
      if (css === null || /<\/style/i.test(css)) return link;
      // The link stays, for no media: the bundler's preload helper looks for a stylesheet link with this
      // href before it loads a lazy screen's CSS dependencies, and would fetch it again. Not `disabled`:
      // Chromium fetches a disabled stylesheet at the highest priority and holds the first paint for it;
      // one for no media is fetched last and blocks nothing.
      return `<style data-href="${href}">${css}</style><link rel="stylesheet" href="${href}" media="not all">`;
    },
  );
}
