import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { okEmpty } from '@panalo/contract/auth';
import {
  PROVIDER_PATHS,
  brandDetailResponse,
  brandListResponse,
  brandParams,
  brandStatusRequest,
  brandStatusResponse,
  launchBrandRequest,
  launchBrandResponse,
  ownerLinkResponse,
  previewResponse,
  viewAsRequest,
  providerAuditQuery,
  providerAuditResponse,
  providerLoginRequest,
  providerLoginResponse,
  providerMeResponse,
} from '@panalo/contract/provider';
import multipart from '@fastify/multipart';
import { BRAND_ICON_LIMITS, BRAND_LOGO_LIMITS } from '@panalo/contract/provider-rules';
import { DomainError } from '../../lib/domain-error';
import { imageFormLimits, readImageForm } from '../../lib/image-form';
import { brandsService } from './brands.service';
import { brandLogoService } from './brand-logo.service';
import { brandLooksService } from './brand-looks.service';
import { providerAuthService, providerMeOf } from './provider-auth.service';
import { providerAuditService } from './provider-audit.service';
import { PROVIDER_ERRORS, PROVIDER_TAGS } from './route-schema';

const errors = PROVIDER_ERRORS;
const tags = PROVIDER_TAGS;

/**
 * The brand's owner opens their set-up link at the brand's own console: the brand's main domain, on the
 * port and scheme the provider console was reached at.
 */
function ownerSetupUrl(req: FastifyRequest, mainDomain: string, token: string): string {
  return `${brandOrigin(req, mainDomain)}/admin/setup#token=${token}`;
}
/** The brand's own origin, on the scheme and port the provider console was reached at. */
function brandOrigin(req: FastifyRequest, mainDomain: string): string {
  const port = /:(\d+)$/.exec(req.host)?.[1];
  return `${req.protocol}://${mainDomain}${port ? `:${port}` : ''}`;
}

/** The provider's routes (issue 51): its staff's sign-in, the brands, their life, the audit trail. */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = providerAuthService(app.ctx.db, app.ctx.clock, app.ctx.limits);
  const brands = brandsService({
    db: app.ctx.db,
    clock: app.ctx.clock,
    merchantsChanged: () => app.ctx.merchants.clearCache(),
  });
  const logos = brandLogoService({
    db: app.ctx.db,
    clock: app.ctx.clock,
    files: app.ctx.files,
    brands,
    merchantsChanged: () => app.ctx.merchants.clearCache(),
  });
  await app.register(multipart, imageFormLimits(BRAND_LOGO_LIMITS));
  const looks = brandLooksService({ db: app.ctx.db, clock: app.ctx.clock, sessions: app.ctx.sessions });
  const trail = providerAuditService(app.ctx.db);

  app.post(
    PROVIDER_PATHS.login,
    {
      config: { provider: 'public' },
      schema: {
        tags,
        summary: 'Provider staff sign-in: password, then the authenticator (set up at the first sign-in)',
        body: providerLoginRequest,
        response: { 200: providerLoginResponse, ...errors },
      },
    },
    async (req) => {
      const ua = req.headers['user-agent'];
      return {
        success: true as const,
        value: await auth.login(req.body, {
          ip: req.ip,
          userAgent: typeof ua === 'string' ? ua.slice(0, 255) : null,
        }),
      };
    },
  );

  app.post(
    PROVIDER_PATHS.logout,
    {
      config: { provider: 'self' },
      schema: { tags, summary: 'Ends the provider session', response: { 200: okEmpty, ...errors } },
    },
    async (req) => {
      await auth.logout(req.provider!);
      return { success: true as const, value: {} };
    },
  );

  app.get(
    PROVIDER_PATHS.me,
    {
      config: { provider: 'self' },
      schema: {
        tags,
        summary: 'The signed-in provider staff member',
        response: { 200: providerMeResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: providerMeOf(req.provider!) }),
  );

  app.get(
    PROVIDER_PATHS.brands,
    {
      config: { provider: 'brands.read' },
      schema: {
        tags,
        summary: 'Every brand: status, domains, players',
        response: { 200: brandListResponse, ...errors },
      },
    },
    async () => ({ success: true as const, value: { list: await brands.list() } }),
  );

  app.post(
    PROVIDER_PATHS.brands,
    {
      config: { provider: 'brands.launch' },
      schema: {
        tags,
        summary:
          'Launch a brand as a draft (its cashier, games, lottery and first owner, from a template brand or the defaults); audited',
        body: launchBrandRequest,
        response: { 200: launchBrandResponse, ...errors },
      },
    },
    async (req) => {
      const { brand, owner } = await brands.launch(req.provider!, req.body, req.ip);
      return {
        success: true as const,
        value: {
          brand,
          owner: {
            username: owner.username,
            url: ownerSetupUrl(req, brand.mainDomain, owner.token),
            expiresAt: owner.expiresAt.toISOString(),
          },
        },
      };
    },
  );

  app.get(
    PROVIDER_PATHS.brand,
    {
      config: { provider: 'brands.read' },
      schema: {
        tags,
        summary: 'One brand: its settings, owners and status history',
        params: brandParams,
        response: { 200: brandDetailResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await brands.detail(req.params.code) }),
  );

  app.post(
    PROVIDER_PATHS.status,
    {
      // Which permission a move needs depends on the move (BRAND_TRANSITIONS): the service checks it.
      config: { provider: 'brands.read' },
      schema: {
        tags,
        summary:
          'Move a brand to another status with a reason (live, maintenance, suspended, closed); audited',
        params: brandParams,
        body: brandStatusRequest,
        response: { 200: brandStatusResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await brands.move(req.provider!, req.params.code, req.body.status, req.body.reason, req.ip),
    }),
  );

  app.post(
    PROVIDER_PATHS.ownerLink,
    {
      config: { provider: 'brands.launch' },
      schema: {
        tags,
        summary:
          'A new one-time set-up link for the brand owner who has not used theirs (earlier ones expire); audited',
        params: brandParams,
        response: { 200: ownerLinkResponse, ...errors },
      },
    },
    async (req) => {
      const detail = await brands.detail(req.params.code);
      const link = await brands.ownerLink(req.provider!, req.params.code, req.ip);
      return {
        success: true as const,
        value: {
          username: link.username,
          url: ownerSetupUrl(req, detail.mainDomain, link.token),
          expiresAt: link.expiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    PROVIDER_PATHS.preview,
    {
      config: { provider: 'brands.read' },
      schema: {
        tags,
        summary: 'Preview a draft brand on its own domain for an hour (this browser only); audited',
        params: brandParams,
        response: { 200: previewResponse, ...errors },
      },
    },
    async (req) => {
      const p = await looks.preview(req.provider!, req.params.code, req.ip);
      return {
        success: true as const,
        value: {
          url: `${brandOrigin(req, p.mainDomain)}/api/site/preview?token=${p.token}`,
          expiresAt: p.expiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    PROVIDER_PATHS.viewAs,
    {
      config: { provider: 'brands.read' },
      schema: {
        tags,
        summary:
          'View the brand’s console for an hour, read only; the brand’s audit log and the provider’s trail record who and why',
        params: brandParams,
        body: viewAsRequest,
        response: { 200: previewResponse, ...errors },
      },
    },
    async (req) => {
      const v = await looks.viewAs(req.provider!, req.params.code, req.body.reason, req.ip);
      return {
        success: true as const,
        value: {
          url: `${brandOrigin(req, v.mainDomain)}/admin/#view-as=${v.token}`,
          expiresAt: v.expiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    PROVIDER_PATHS.logo,
    {
      config: { provider: 'brands.launch' },
      schema: {
        tags,
        summary:
          'Replace the brand’s logo: one png or jpg (checked by its bytes, stored without metadata); audited',
        params: brandParams,
        response: { 200: brandDetailResponse, ...errors },
      },
    },
    async (req) => {
      const { images } = await readImageForm(req, BRAND_LOGO_LIMITS);
      const image = images[0];
      if (!image) throw new DomainError('upload_invalid', 400, 'Choose a png or jpg picture');
      if (image.width > BRAND_LOGO_LIMITS.maxSide || image.height > BRAND_LOGO_LIMITS.maxSide)
        throw new DomainError('upload_image_size', 400, 'The picture is too large', {
          maxSide: BRAND_LOGO_LIMITS.maxSide,
        });
      return {
        success: true as const,
        value: await logos.setLogo(req.provider!, req.params.code, image, req.ip),
      };
    },
  );

  app.post(
    PROVIDER_PATHS.icon,
    {
      config: { provider: 'brands.launch' },
      schema: {
        tags,
        summary: `Replace the brand’s app icon: one square png or jpg of ${BRAND_ICON_LIMITS.minSide}–${BRAND_ICON_LIMITS.maxSide} px (checked by its bytes); audited`,
        params: brandParams,
        response: { 200: brandDetailResponse, ...errors },
      },
    },
    async (req) => {
      const { images } = await readImageForm(req, BRAND_ICON_LIMITS);
      const image = images[0];
      if (!image) throw new DomainError('upload_invalid', 400, 'Choose a png or jpg picture');
      return {
        success: true as const,
        value: await logos.setIcon(req.provider!, req.params.code, image, req.ip),
      };
    },
  );

  app.get(
    PROVIDER_PATHS.audit,
    {
      config: { provider: 'audit' },
      schema: {
        tags,
        summary: 'The provider’s audit trail, newest first (of one brand when asked)',
        querystring: providerAuditQuery,
        response: { 200: providerAuditResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await trail.page(req.query) }),
  );
};
