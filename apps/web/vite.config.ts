import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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
  server: {
    port: 5173,
    proxy: { '/api': api, '/img': api, '/cdn': api, '/downloads': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
});
