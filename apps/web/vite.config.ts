import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { textZoom } from './build/text-zoom.ts';
import { firstPagePreloads, staticImports } from './build/first-page.ts';

const api = process.env.PANALO_API ?? 'http://localhost:8080';

const mainModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const startModule = fileURLToPath(new URL('./src/app/start.tsx', import.meta.url));
const preloads = firstPagePreloads();

export default defineConfig({
  plugins: [
    react(),
    preloads.plugin,
    // The manifest is served per merchant by the API (/api/site/manifest.webmanifest); the plugin only
    // builds the service worker that precaches the shell for add-to-home-screen and offline start.
    ...(process.env.VITEST
      ? []
      : [
          VitePWA({
            registerType: 'autoUpdate',
            injectRegister: null,
            manifest: false,
            workbox: {
              navigateFallback: '/index.html',
              navigateFallbackDenylist: [/^\/api\//, /^\/img\//, /^\/cdn\//],
              globPatterns: ['**/*.{js,css,html,svg,woff2}'],
              runtimeCaching: [
                {
                  urlPattern: ({ url }) =>
                    url.pathname.startsWith('/img/') || url.pathname.startsWith('/cdn/'),
                  handler: 'CacheFirst',
                  options: { cacheName: 'images', expiration: { maxEntries: 200, maxAgeSeconds: 7 * 86400 } },
                },
              ],
            },
          }),
        ]),
  ],
  // React Router's package.json sends every bundler to its development build (its exports have no
  // production condition): the site's build takes the production one, without the development
  // warnings and checks (the tests keep the development build and its warnings).
  resolve: process.env.VITEST
    ? {}
    : {
        alias: [
          {
            find: /^react-router$/,
            replacement: fileURLToPath(
              new URL(import.meta.resolve('react-router').replace('/development/', '/production/')),
            ),
          },
        ],
      },
  // Text sizes in rem, so that the reader's text-size setting reaches them (build/text-zoom.ts).
  css: { postcss: { plugins: [textZoom()] } },
  server: {
    port: 5173,
    proxy: { '/api': api, '/img': api, '/cdn': api, '/downloads': api },
  },
  build: {
    target: 'es2022',
    // Every browser the site supports (es2022) knows <link rel="modulepreload">: no polyfill to ship.
    // A lazy screen's preload list leaves out the first page's chunks, loaded before any screen.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rollupOptions: {
      output: {
        // Chunks are named by their hash alone: every lazy import carries its chunks' file names (the
        // preload lists), so a name in each costs the first page about 1 KiB gzipped. The build's
        // manifest (`vite build --manifest`, as bench:web runs it) says which is which.
        chunkFileNames: 'assets/[hash:7].js',
        assetFileNames: 'assets/[hash:7][extname]',
        // What every page needs (React, the router, TanStack Query) in one chunk, and the app's own code
        // of the first page (start.tsx and everything it imports) in another: left to itself the bundler
        // cuts the modules the first page shares with lazy screens into a dozen small chunks, each a
        // request and each compressed on its own (about 3 KiB more on the first page).
        manualChunks(id, { getModuleInfo }) {
          // TanStack Query's mutations and infinite lists serve the screens' forms and long lists only
          // (nothing on the first page uses them): their own chunk, fetched with the first such screen.
          if (
            /@tanstack\/(react-query|query-core)\/build\/modern\/(useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/.test(
              id,
            )
          )
            return 'query-screens';
          if (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//.test(id)) return 'core';
          // The preload helper stays with the entry, which runs it before the app's code is asked for.
          if (id.includes('vite/preload-helper') || staticImports(mainModule, getModuleInfo).has(id))
            return 'boot';
          if (staticImports(startModule, getModuleInfo).has(id)) return 'start';
          // Home's favourites (lazy, as is the game list, which shares them): too small for a request.
          if (id.endsWith('/src/lib/favourite-ids.ts')) return 'start';
          return undefined;
        },
      },
    },
    sourcemap: false,
    reportCompressedSize: false,
  },
});
