import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  announcementsQuery,
  announcementsResponse,
  gameCategoriesResponse,
  helpQuery,
  helpResponse,
  hotMatchResponse,
  noticeQuery,
  readableNoticesResponse,
  noticeIdParams,
  noticeReadResponse,
  noticeResponse,
  pageParams,
  pageQuery,
  pageResponse,
} from '@panalo/contract/content';
import { contentRepository } from './content.repository';
import { contentService } from './content.service';
import { AGENT_API } from '@panalo/contract/agent-menu';
import { MESSAGE_API } from '@panalo/contract/mail-rules';

const errors = { 400: errorBody, 404: errorBody, 503: errorBody, 403: errorBody };

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = contentService(contentRepository(app.ctx.db));
  const now = () => app.ctx.clock.now();
  const tags = ['content'];

  app.get(
    '/announcements',
    {
      schema: {
        tags,
        summary: 'Announcements by types, group and platform',
        querystring: announcementsQuery,
        response: { 200: announcementsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.announcements(req.merchant, req.query, now()),
    }),
  );
  app.get(
    '/notices',
    {
      schema: {
        tags,
        summary: 'Notice page list (contentLobby)',
        querystring: noticeQuery,
        response: { 200: noticeResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { contentLobby: await service.notices(req.merchant, req.query.lang, now()) },
    }),
  );
  app.get(
    '/hot-matches',
    {
      schema: {
        tags,
        summary: 'Hot matches for the home strip',
        response: { 200: hotMatchResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await service.hotMatches(req.merchant, now()) }),
  );
  app.get(
    '/help',
    {
      schema: {
        tags,
        summary: 'Help centre items (device, lang)',
        querystring: helpQuery,
        response: { 200: helpResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.help(req.merchant, req.query.device, req.query.lang),
    }),
  );
  app.get(
    '/pages/:slug',
    {
      schema: {
        tags,
        summary: 'A content page such as the user agreement',
        params: pageParams,
        querystring: pageQuery,
        response: { 200: pageResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.page(req.merchant, req.params.slug, req.query.lang),
    }),
  );
  app.get(
    '/game-categories',
    {
      schema: {
        tags,
        summary: 'Game categories of the home sections, in merchant order',
        response: { 200: gameCategoriesResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await service.gameCategories(req.merchant) }),
  );
};

/** Agent announcements (issue 16 item 7) under the agent calls: agents only, like every /agent route. */
export const agentNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = contentService(contentRepository(app.ctx.db));
  const now = () => app.ctx.clock.now();
  const tags = ['agent'];

  app.get(
    AGENT_API.notices,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'Agent announcements (type A), each with whether I opened it, and the unread count',
        querystring: noticeQuery,
        response: { 200: readableNoticesResponse, 401: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.readableNotices(
        req.merchant,
        'agent',
        req.session!.memberId,
        req.query.lang,
        now(),
      ),
    }),
  );
  app.post(
    `${AGENT_API.notices}/:id/read`,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'I opened this agent announcement; answers the unread count left',
        params: noticeIdParams,
        response: { 200: noticeReadResponse, 401: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.readNotice(req.merchant, 'agent', req.session!.memberId, req.params.id, now()),
    }),
  );
};

/**
 * Site messages (issue 19 item 2, /m/message): the merchant's player notices (type PL) addressed to its
 * members, each with whether I opened it, and the unread count; agent announcements stay under /agent.
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = contentService(contentRepository(app.ctx.db));
  const now = () => app.ctx.clock.now();
  const tags = ['content'];

  app.get(
    MESSAGE_API.list,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary:
          'Site messages (player notices, type PL), each with whether I opened it, and the unread count',
        querystring: noticeQuery,
        response: { 200: readableNoticesResponse, 401: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.readableNotices(
        req.merchant,
        'site',
        req.session!.memberId,
        req.query.lang,
        now(),
      ),
    }),
  );
  app.post(
    MESSAGE_API.read,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'I opened this site message; answers the unread count left',
        params: noticeIdParams,
        response: { 200: noticeReadResponse, 401: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.readNotice(req.merchant, 'site', req.session!.memberId, req.params.id, now()),
    }),
  );
};
