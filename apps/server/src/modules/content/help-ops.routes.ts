import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okEmpty } from '@panalo/contract/auth';
import { errorBody } from '@panalo/contract/common';
import {
  OPS_HELP_PATH,
  OPS_PAGES_PATH,
  OPS_SERVICE_LINKS_PATH,
  opsServiceLinksResponse,
  opsServiceLinksSave,
  opsAnnouncementParams,
  opsHelpItemResponse,
  opsHelpQuery,
  opsHelpResponse,
  opsHelpSave,
  opsPageParams,
  opsPageResponse,
  opsPageSave,
  opsPagesResponse,
  opsReasonRequest,
} from '@panalo/contract/content-ops';
import { helpOpsService } from './help-ops.service';

const tags = ['ops'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const config = { auth: 'operator' as const, permission: 'content' as const };

/** The console's help centre entries and site pages (the user agreement), per language. */
export const helpOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = helpOpsService(app.ctx.db, app.ctx.clock);
  const slugs = opsPageParams.shape.slug.options;

  app.get(
    OPS_HELP_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'The help centre’s entries for a device (mobile or desktop site), every language’s text',
        querystring: opsHelpQuery,
        response: { 200: opsHelpResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.help(req.merchant.id, req.query.device) }),
  );

  app.post(
    OPS_HELP_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'A new help entry: its title and HTML per language (sanitised), its place (audited)',
        body: opsHelpSave,
        response: { 200: opsHelpItemResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.createHelp(req.merchant.id, req.session!.memberId, req.body),
    }),
  );

  app.put(
    `${OPS_HELP_PATH}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Replace a help entry’s texts (a language left out is removed) and place (audited)',
        params: opsAnnouncementParams,
        body: opsHelpSave,
        response: { 200: opsHelpItemResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.updateHelp(req.merchant.id, req.session!.memberId, req.params.id, req.body),
    }),
  );

  app.delete(
    `${OPS_HELP_PATH}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Remove a help entry (audited with what it said and the reason)',
        params: opsAnnouncementParams,
        body: opsReasonRequest,
        response: { 200: okEmpty, ...errors },
      },
    },
    async (req) => {
      await ops.deleteHelp(req.merchant.id, req.session!.memberId, req.params.id, req.body.reason);
      return { success: true as const, value: {} };
    },
  );

  app.get(
    OPS_PAGES_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'The site’s pages (the user agreement) with every language’s text',
        response: { 200: opsPagesResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.pages(req.merchant.id, slugs) }),
  );

  app.put(
    `${OPS_PAGES_PATH}/:slug`,
    {
      config,
      schema: {
        tags,
        summary:
          'Replace a page’s title and HTML per language (sanitised; a language left out is removed; audited)',
        params: opsPageParams,
        body: opsPageSave,
        response: { 200: opsPageResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.savePage(req.merchant.id, req.session!.memberId, req.params.slug, req.body),
    }),
  );

  app.get(
    OPS_SERVICE_LINKS_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'The customer-service links the member site offers (chat, Telegram, Facebook), in order',
        response: { 200: opsServiceLinksResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.serviceLinks(req.merchant.id) }),
  );

  app.put(
    OPS_SERVICE_LINKS_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Replace the customer-service links (https addresses; their order; audited)',
        body: opsServiceLinksSave,
        response: { 200: opsServiceLinksResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.saveServiceLinks(
        req.merchant.id,
        req.session!.memberId,
        req.body.links,
        req.body.reason,
      ),
    }),
  );
};
