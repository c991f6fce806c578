import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { opsThemeRequest, opsThemeResponse } from '@panalo/contract/site-theme';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error';
import { saveTheme } from './site-theme.service';
import { BRAND_IMAGE_PATH } from '@panalo/contract/provider-rules';
import { brandImageParams } from '@panalo/contract/provider';
import { brandPreview, PREVIEW_COOKIE, PREVIEW_MINUTES } from './brand-preview';
import { GENERATED_ICON, iconSvg, uploadedIcon, wordmarkSvg } from './brand-mark';

/** The web manifest, per merchant: installing the site as an app carries the operator's name and colours. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site/manifest.webmanifest',
    { config: { openDuringMaintenance: true }, schema: { hide: true } },
    async (request, reply) => {
      const m = request.merchant;
      const uploaded = uploadedIcon(m.settings);
      const icon = (size: number) => ({
        // The icon the provider uploaded; else the demo brands' own artwork (assets/img/brand/…); else a
        // launched brand's icon drawn from its name.
        src:
          uploaded?.href ??
          (m.theme.logo.startsWith('brand/') ? `/img/brand/${m.code}-icon.svg` : GENERATED_ICON),
        sizes: uploaded ? `${uploaded.size}x${uploaded.size}` : `${size}x${size}`,
        type: uploaded?.type ?? 'image/svg+xml',
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
            icons: uploaded ? [icon(uploaded.size)] : [icon(192), icon(512)],
          }),
        );
    },
  );

  // A launched brand's wordmark and icon until it uploads its own (colours are the theme's, checked).
  app.get(
    '/site/logo.svg',
    { config: { openDuringMaintenance: true }, schema: { hide: true } },
    async (req, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=300')
        .send(wordmarkSvg(req.merchant.name, req.merchant.theme)),
  );
  app.get(
    '/site/icon.svg',
    { config: { openDuringMaintenance: true }, schema: { hide: true } },
    async (req, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=300')
        .send(iconSvg(req.merchant.name, req.merchant.theme)),
  );

  // A draft brand's preview: the link the provider console opens on the brand's own domain leaves a cookie
  // there (HttpOnly, this host only, an hour) that lets this browser past the maintenance page.
  const previews = brandPreview(app.ctx.db, app.ctx.clock);
  app.get(
    '/site/preview',
    {
      config: { openDuringMaintenance: true },
      schema: { hide: true, querystring: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/) }) },
    },
    async (req, reply) => {
      if (!(await previews.valid(req.merchant.id, req.query.token))) {
        throw new DomainError(
          'preview_invalid',
          400,
          'This preview link has expired or is not for this site',
        );
      }
      const secure = req.protocol === 'https' ? '; Secure' : '';
      return reply
        .header(
          'set-cookie',
          `${PREVIEW_COOKIE}=${req.query.token}; Path=/; Max-Age=${PREVIEW_MINUTES * 60}; HttpOnly; SameSite=Lax${secure}`,
        )
        .header('cache-control', 'no-store')
        .redirect('/m/home');
    },
  );

  // A brand's uploaded pictures (its logo): public, each under a random name, cached for a year.
  app.get(
    `${BRAND_IMAGE_PATH}`,
    { config: { openDuringMaintenance: true }, schema: { hide: true, params: brandImageParams } },
    async (req, reply) => {
      const bytes = await app.ctx.files.get(`brands/${req.params.file}`);
      if (!bytes) throw new DomainError('content_not_found', 404, 'No such picture');
      return reply
        .type(req.params.file.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  );

  app.put(
    '/ops/site/theme',
    {
      config: { auth: 'operator', permission: 'site' },
      schema: {
        tags: ['ops'],
        summary:
          'Save the merchant’s theme colours (audited); refused with theme_contrast and the failing pairs when a text would be unreadable',
        body: opsThemeRequest,
        response: { 200: opsThemeResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => {
      const theme = await saveTheme(app.ctx.db, app.ctx.clock, {
        merchantId: req.merchant.id,
        operatorId: req.session!.memberId,
        theme: req.body.theme,
        reason: req.body.reason,
      });
      // This process sees the new colours at once; the others within their cache's few seconds.
      app.ctx.merchants.clearCache();
      return { success: true as const, value: { theme } };
    },
  );
};
