import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The web manifest, per merchant: installing the site as an app carries the operator's name and colours. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site/manifest.webmanifest',
    { config: { openDuringMaintenance: true }, schema: { hide: true } },
    async (request, reply) => {
      const m = request.merchant;
      const icon = (size: number) => ({
        src: `/img/brand/${m.code}-icon.svg`,
        sizes: `${size}x${size}`,
        type: 'image/svg+xml',
        purpose: 'any',
      });
      return reply
        .type('application/manifest+json')
        .header('cache-control', 'public, max-age=300')
        .send(
          JSON.stringify({
            name: m.settings.appName,
            short_name: m.name,
            id: '/m/home',
            start_url: '/m/home?source=pwa',
            scope: '/',
            display: 'standalone',
            background_color: m.theme.background,
            theme_color: m.theme.header,
            icons: [icon(192), icon(512)],
          }),
        );
    },
  );
};
