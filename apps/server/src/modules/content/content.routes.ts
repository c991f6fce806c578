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
import { loadFigures } from '../promotions/promotion-figures';
import { contentService, type ReadableKind } from './content.service';
import { AGENT_API } from '@panalo/contract/agent-menu';
import { MESSAGE_API } from '@panalo/contract/mail-rules';

const errors = { 400: errorBody, 404: errorBody, 503: errorBody, 403: errorBody };

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = contentService(contentRepository(app.ctx.db), (id, texts) =>
    loadFigures(app.ctx.db, id, texts),
  );
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

/**
 * The calls of notices a member reads with a read state: the list (each with whether I opened it, and
 * the unread count) and "I opened this one" (the unread count left).
 */
function readableNoticeRoutes(o: {
  kind: ReadableKind;
  auth: 'agent' | 'member';
  list: string;
  read: string;
  tag: string;
  what: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const service = contentService(contentRepository(app.ctx.db), (id, texts) =>
      loadFigures(app.ctx.db, id, texts),
    );
    const now = () => app.ctx.clock.now();
    const tags = [o.tag];
    app.get(
      o.list,
      {
        config: { auth: o.auth },
        schema: {
          tags,
          summary: `${o.what}, each with whether I opened it, and the unread count`,
          querystring: noticeQuery,
          response: { 200: readableNoticesResponse, 401: errorBody, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        value: await service.readableNotices(
          req.merchant,
          o.kind,
          req.session!.memberId,
          req.query.lang,
          now(),
        ),
      }),
    );
    app.post(
      o.read,
      {
        config: { auth: o.auth },
        schema: {
          tags,
          summary: 'I opened this one; answers the unread count left',
          params: noticeIdParams,
          response: { 200: noticeReadResponse, 401: errorBody, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        value: await service.readNotice(req.merchant, o.kind, req.session!.memberId, req.params.id, now()),
      }),
    );
  };
}

/** Agent announcements (issue 16 item 7) under the agent calls: agents only, like every /agent route. */
export const agentNoticeRoutes = readableNoticeRoutes({
  kind: 'agent',
  auth: 'agent',
  list: AGENT_API.notices,
  read: `${AGENT_API.notices}/:id/read`,
  tag: 'agent',
  what: 'Agent announcements (type A)',
});

/**
 * Site messages (issue 19 item 2, /m/message): the merchant's player notices (type PL) addressed to its
 * members; agent announcements stay under /agent.
 */
export const messageRoutes = readableNoticeRoutes({
  kind: 'site',
  auth: 'member',
  list: MESSAGE_API.list,
  read: MESSAGE_API.read,
  tag: 'content',
  what: 'Site messages (player notices, type PL)',
});
