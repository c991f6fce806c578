import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { ErrorBody } from '@panalo/contract/common';
import { imageUrl } from '@panalo/contract/image-url';
import { inlineStylesheets, renderIndexHtml } from '../modules/merchants/index-html';
import { merchantsRepository } from '../modules/merchants/merchants.repository';
import { buildStartupBundle, clientAccess } from '../modules/merchants/merchants.service';
import { uploadedIcon } from '../modules/merchants/brand-mark';
import { brandPreview } from '../modules/merchants/brand-preview';
import { contentRepository } from '../modules/content/content.repository';

export interface WebOptions {
  /** The built SPA (apps/web/dist); null or missing serves the API only. */
  webDist: string | null;
  /** The built operator console (apps/admin/dist), served at /admin/; null or missing serves none. */
  adminDist?: string | null;
  /** Content images (banners, logos, team badges), served under /img and through the image-CDN prefixes. */
  imagesDir: string;
}

/**
 * Serves the SPA and the content images. Any GET outside /api that is not a file answers index.html so
 * that the client router decides (it shows its own 404 screen); unknown /api paths answer a JSON 404.
 */
export default fp<WebOptions>(
  async (app, opts) => {
    await app.register(fastifyStatic, {
      root: opts.imagesDir,
      prefix: '/img/',
      // This instance gives replies sendFile (used by the CDN-edge route below); the site's instance does not.
      decorateReply: true,
      maxAge: '1d',
    });
    // Image CDN edges (spec §4: the host is picked at random from the merchant's list). In the demo every
    // edge is this server; in production they are CDN origins mirroring /img.
    app.get<{ Params: { edge: string; '*': string } }>('/cdn/:edge/img/*', (request, reply) => {
      return reply.sendFile(request.params['*'], opts.imagesDir, { maxAge: 86_400_000 });
    });

    const dist = opts.webDist && existsSync(path.join(opts.webDist, 'index.html')) ? opts.webDist : null;
    if (dist) {
      await app.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        decorateReply: false,
        wildcard: false,
        index: false,
        // index.html is rendered per merchant below, never sent as the raw template.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    }
    // The operator console: its files under /admin/, and its page for every other /admin path (its router
    // decides). The console is the same for every merchant: it asks the API who the merchant is.
    const admin =
      opts.adminDist && existsSync(path.join(opts.adminDist, 'index.html')) ? opts.adminDist : null;
    const adminHtml = admin ? readFileSync(path.join(admin, 'index.html')) : null;
    if (admin) {
      await app.register(fastifyStatic, {
        root: admin,
        prefix: '/admin/',
        decorateReply: false,
        wildcard: false,
        index: false,
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }

    const template = dist
      ? inlineStylesheets(readFileSync(path.join(dist, 'index.html'), 'utf8'), (href) => {
          try {
            return readFileSync(path.join(dist, href), 'utf8');
          } catch {
            return null;
          }
        })
      : '';
    const repo = merchantsRepository(app.ctx.db);
    const previews = brandPreview(app.ctx.db, app.ctx.clock);
    const content = contentRepository(app.ctx.db);
    const homePaths = new Set(['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home']);
    // The page for this request's merchant; on any failure the plain page, which fetches /api/startup itself.
    const indexFor = async (request: FastifyRequest): Promise<string> => {
      try {
        const header = request.headers['merchant'];
        const merchant = await app.ctx.merchants.resolve(
          request.host,
          Array.isArray(header) ? header[0] : header,
        );
        const access = clientAccess(
          merchant,
          request.ip,
          app.ctx.geo,
          app.ctx.clock.now(),
          await previews.previewing(request, merchant),
        );
        const bundle = await buildStartupBundle(repo, merchant, access);
        const cdns = merchant.image_cdns.filter((c) => c.length > 0);
        const imageHost = (cdns[Math.floor(Math.random() * cdns.length)] ?? '').replace(/\/+$/, '');
        const preloadImages: string[] = [];
        let bootBanner: { src: string; alt: string } | undefined;
        // Home's largest paint is its first banner: let the browser fetch it alongside the script.
        if (homePaths.has(request.url.split('?')[0] ?? '') && !access.maintenance && !access.restricted) {
          const lang = { lang: merchant.default_language, fallback: merchant.default_language };
          const [first] = await content.announcements(
            merchant.id,
            { types: ['B'], groupName: 'm_home', platform: 'M', now: app.ctx.clock.now() },
            lang,
          );
          if (first?.image_url) {
            const src = imageUrl(imageHost, first.image_url);
            preloadImages.push(src);
            bootBanner = { src, alt: first.title };
          }
        }
        const icon = uploadedIcon(merchant.settings) ?? undefined;
        return renderIndexHtml(template, bundle, { imageHost, preloadImages, bootBanner, icon });
      } catch (err) {
        request.log.warn({ err }, 'index.html served without the startup bundle');
        return template;
      }
    };

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url;
      if (adminHtml && request.method === 'GET' && /^\/admin(\/|$|\?)/.test(url)) {
        const file = url.split('?')[0] ?? '/';
        if (!/\.[a-z0-9]{2,5}$/i.test(file) || /\.html$/i.test(file)) {
          if (file === '/admin') return reply.redirect('/admin/');
          return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(adminHtml);
        }
      }
      if (dist && request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/img/')) {
        const file = url.split('?')[0] ?? '/';
        // A missing asset is a real 404; a page path is the SPA's to route.
        if (!/\.[a-z0-9]{2,5}$/i.test(file) || /\.html$/i.test(file)) {
          // Compressed here: the not-found handler is not a route, so the global compression skips it.
          const html = await indexFor(request);
          reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
          reply.type('text/html; charset=utf-8');
          if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
            return reply.header('content-encoding', 'gzip').send(gzipSync(html));
          }
          return reply.send(html);
        }
      }
      const body: ErrorBody = {
        success: false,
        code: 'not_found',
        message: 'Not found',
        requestId: request.id,
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'web' },
);
