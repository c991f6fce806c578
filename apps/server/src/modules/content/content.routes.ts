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
  noticeResponse,
  pageParams,
  pageQuery,
  pageResponse,
} from '@panalo/contract/content';
import { contentRepository } from './content.repository';
import { contentService } from './content.service';

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
