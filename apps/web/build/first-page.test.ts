import { describe, expect, it } from 'vitest';
import { firstPagePreloads, staticImports } from './first-page';

// A build: the entry (boot) imports start lazily; start and a screen import core and the runtime.
const chunk = (name: string, fileName: string, imports: string[] = [], css: string[] = []) => ({
  type: 'chunk',
  name,
  fileName,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});
const bundle = {
  'assets/boot.js': chunk('boot', 'assets/boot.js'),
  'assets/start.js': chunk(
    'start',
    'assets/start.js',
    ['assets/core.js', 'assets/boot.js'],
    ['assets/start.css'],
  ),
  'assets/core.js': chunk('core', 'assets/core.js', ['assets/runtime.js']),
  'assets/runtime.js': chunk('rolldown-runtime', 'assets/runtime.js'),
  'assets/screen.js': chunk('screen', 'assets/screen.js', [
    'assets/core.js',
    'assets/start.js',
    'assets/shared.js',
  ]),
  'assets/shared.js': chunk('shared', 'assets/shared.js'),
};

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (hook: unknown, ...args: unknown[]) =>
  (typeof hook === 'function' ? (hook as Hook) : (hook as { handler: Hook }).handler).call({}, ...args);

describe('the first page’s build (issue 15)', () => {
  it('a module’s static imports, through every level, without the lazy ones', () => {
    const graph: Record<string, { importedIds: string[] }> = {
      start: { importedIds: ['app', 'lib'] },
      app: { importedIds: ['lib', 'layout'] },
      layout: { importedIds: [] },
      lib: { importedIds: ['start'] },
      screen: { importedIds: ['lib'] },
    };
    expect([...staticImports('start', (id) => graph[id] ?? null)].sort()).toEqual([
      'app',
      'layout',
      'lib',
      'start',
    ]);
  });

  it('a lazy screen’s preload list leaves out the first page’s chunks; the entry’s import of the app keeps them', () => {
    const { plugin, resolveDependencies } = firstPagePreloads();
    call(plugin.generateBundle, {}, bundle);
    const deps = [
      'assets/screen.js',
      'assets/core.js',
      'assets/runtime.js',
      'assets/start.js',
      'assets/shared.js',
    ];
    expect(resolveDependencies('assets/screen.js', deps, { hostId: 'assets/start.js' })).toEqual([
      'assets/screen.js',
      'assets/shared.js',
    ]);
    // A list of the imported file alone preloads nothing.
    expect(
      resolveDependencies('assets/screen.js', ['assets/screen.js', 'assets/core.js'], {
        hostId: 'assets/start.js',
      }),
    ).toEqual([]);
    const appDeps = ['assets/start.js', 'assets/core.js', 'assets/runtime.js'];
    expect(resolveDependencies('assets/start.js', appDeps, { hostId: 'assets/boot.js' })).toEqual(appDeps);
  });

  it('the page names the app’s code as preloads the server can drop, and its stylesheet as a link', () => {
    const { plugin } = firstPagePreloads();
    call(plugin.configResolved, { base: '/' });
    const out = call(plugin.transformIndexHtml, '<html></html>', { bundle }) as {
      tags: { tag: string; attrs: Record<string, unknown> }[];
    };
    expect(out.tags.map((t) => t.attrs)).toEqual([
      { rel: 'stylesheet', crossorigin: true, href: '/assets/start.css' },
      { rel: 'modulepreload', crossorigin: true, href: '/assets/start.js', 'data-app': true },
      { rel: 'modulepreload', crossorigin: true, href: '/assets/core.js', 'data-app': true },
      { rel: 'modulepreload', crossorigin: true, href: '/assets/runtime.js', 'data-app': true },
    ]);
  });
});
