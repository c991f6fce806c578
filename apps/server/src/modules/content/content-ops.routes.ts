import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  OPS_ANNOUNCEMENTS_PATH,
  OPS_SITE_FLAGS_PATH,
  OPS_SITE_PATH,
  opsAnnouncementCreate,
  opsAnnouncementParams,
  opsAnnouncementResponse,
  opsAnnouncementSave,
  opsAnnouncementsQuery,
  opsAnnouncementsResponse,
  opsSiteFlagsRequest,
  opsSiteResponse,
} from '@panalo/contract/content-ops';
import { contentOpsService } from './content-ops.service';

const tags = ['ops'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The console's content (announcements per language) and site switches (white-label flags). */
export const contentOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = contentOpsService(app.ctx.db, app.ctx.clock);

  app.get(
    OPS_ANNOUNCEMENTS_PATH,
    {
      config: { auth: 'operator', permission: 'content' },
      schema: {
        tags,
        summary:
          'This merchant’s announcements (banners, headline, notices, popups) with every language’s text',
        querystring: opsAnnouncementsQuery,
        response: { 200: opsAnnouncementsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.list(req.merchant.id, req.query) }),
  );

  app.post(
    OPS_ANNOUNCEMENTS_PATH,
    {
      config: { auth: 'operator', permission: 'content' },
      schema: {
        tags,
        summary: 'A new announcement: its texts per language (HTML sanitised), when it shows (audited)',
        body: opsAnnouncementCreate,
        response: { 200: opsAnnouncementResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.create(req.merchant.id, req.session!.memberId, req.body),
    }),
  );

  app.put(
    `${OPS_ANNOUNCEMENTS_PATH}/:id`,
    {
      config: { auth: 'operator', permission: 'content' },
      schema: {
        tags,
        summary:
          'Replace an announcement’s texts (HTML sanitised), link, order and dates (audited before → after)',
        params: opsAnnouncementParams,
        body: opsAnnouncementSave,
        response: { 200: opsAnnouncementResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.update(req.merchant.id, req.session!.memberId, req.params.id, req.body),
    }),
  );

  app.get(
    OPS_SITE_PATH,
    {
      config: { auth: 'operator', permission: 'site' },
      schema: {
        tags,
        summary: 'The site’s white-label flags with their values, and its languages',
        response: { 200: opsSiteResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.site(req.merchant.id) }),
  );

  app.put(
    OPS_SITE_FLAGS_PATH,
    {
      // The flags pay money and change sign-in: the owner's alone (reading them stays `site`).
      config: { auth: 'operator', permission: 'site.control' },
      schema: {
        tags,
        summary: 'Turn white-label flags on or off (the others keep their values; audited with the reason)',
        body: opsSiteFlagsRequest,
        response: { 200: opsSiteResponse, ...errors },
      },
    },
    async (req) => {
      const site = await ops.setFlags(
        req.merchant.id,
        req.session!.memberId,
        req.body.flags,
        req.body.reason,
      );
      // This process sees the flags at once; the others within their cache's few seconds.
      app.ctx.merchants.clearCache();
      return { success: true as const, value: site };
    },
  );
};
