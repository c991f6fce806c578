/**
 * How the site's build splits its first page (issue 15): main.tsx (the entry, `boot`) asks for
 * app/start.tsx once home's banner is drawn; start.tsx and everything it imports statically make one
 * chunk (`start`), React, the router and TanStack Query another (`core`). Every lazy screen is imported
 * from code in those chunks, so they are always loaded before any screen: a screen's preload list
 * leaves them out (each list written into the first page's code costs it bytes).
 */
import type { Plugin } from 'vite';

/** The first page's chunks, by the names the build's manual chunks give them. */
export const FIRST_PAGE_CHUNKS = ['boot', 'start', 'core'] as const;

/** A module and every module it imports statically, whatever else imports them too. */
export function staticImports(
  module: string,
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null,
): Set<string> {
  const seen = new Set<string>();
  const queue = [module];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

interface BundleChunk {
  type: string;
  name?: string;
  fileName: string;
  imports?: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The first page's JS files (its chunks and what they import statically) and its chunks' CSS. */
function firstPageFiles(bundle: Record<string, unknown>, names: readonly string[]) {
  const chunks = new Map(
    (Object.values(bundle) as BundleChunk[]).filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]),
  );
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (file: string) => {
    const c = chunks.get(file);
    if (!c || js.has(file)) return;
    js.add(file);
    for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
    for (const f of c.imports ?? []) visit(f);
  };
  for (const c of chunks.values()) if (names.includes(c.name ?? '')) visit(c.fileName);
  return { js, css };
}

/** The entry's file (the chunk main.tsx is in). */
const bootFile = (bundle: Record<string, unknown>) =>
  (Object.values(bundle) as BundleChunk[]).find((c) => c.type === 'chunk' && c.name === 'boot')?.fileName ??
  '';

/**
 * The build's part of it:
 * - the page names the app's code (`start` and what it imports) as `<link rel="modulepreload" data-app>`,
 *   so that a page without home's banner fetches it beside the entry, not after it has run; the server
 *   drops those links from the page that shows the banner (index-html.ts), where the code is asked for
 *   once the banner is drawn. The app's stylesheet is a plain link (the server writes it into the page);
 * - the files of the first page's chunks, read from the bundle before the preload lists are written, and
 *   the `resolveDependencies` that drops them from every lazy import except the entry's own.
 */
export function firstPagePreloads() {
  let loaded = new Set<string>();
  let entry = '';
  let base = '/';
  const plugin: Plugin = {
    name: 'panalo-first-page-preloads',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_, bundle) {
      loaded = firstPageFiles(bundle, FIRST_PAGE_CHUNKS).js;
      entry = bootFile(bundle);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const app = firstPageFiles(ctx.bundle, ['start']);
        return {
          html,
          tags: [
            ...[...app.css].map((f) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${f}` },
              injectTo: 'head' as const,
            })),
            ...[...app.js]
              .filter((f) => f !== bootFile(ctx.bundle ?? {}))
              .map((f) => ({
                tag: 'link',
                attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${f}`, 'data-app': true },
                injectTo: 'head' as const,
              })),
          ],
        };
      },
    },
  };
  const resolveDependencies = (file: string, deps: string[], { hostId }: { hostId: string }) => {
    if (hostId === entry) return deps;
    const left = deps.filter((d) => !loaded.has(d));
    // The import itself fetches its own file: a list of that file alone preloads nothing.
    return left.length === 1 && left[0] === file ? [] : left;
  };
  return { plugin, resolveDependencies };
}
