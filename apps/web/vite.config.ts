import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { textZoom } from './build/text-zoom.ts';

const api = process.env.PANALO_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
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
  // Text sizes in rem, so that the reader's text-size setting reaches them (build/text-zoom.ts).
  css: { postcss: { plugins: [textZoom()] } },
  server: {
    port: 5173,
    proxy: { '/api': api, '/img': api, '/cdn': api, '/downloads': api },
  },
  build: {
    target: 'es2022',
    // Every browser the site supports (es2022) knows <link rel="modulepreload">: no polyfill to ship.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // What every page needs (React, the router, TanStack Query and the few lib/ modules the shell
        // itself imports) in one chunk: left to itself the bundler cuts it into a dozen small shared
        // chunks, each a request and each compressed on its own (4 KiB more on the first page).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//.test(id)) return 'core';
          if (
            /\/src\/(lib\/(api|storage|toast|logout|session|favourite-ids)|i18n\/(react|translator)|components\/ui\/use-modal)\.tsx?$/.test(
              id,
            )
          )
            return 'core';
          if (id.includes('vite/preload-helper')) return 'core';
          return undefined;
        },
      },
    },
    sourcemap: false,
    reportCompressedSize: false,
  },
});
