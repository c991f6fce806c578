import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { recentWinsQuery, recentWinsResponse } from '@panalo/contract/games';
import { recentWinsService } from './recent-wins';

const errors = { 400: errorBody, 404: errorBody, 503: errorBody };

/** Home's recent-wins feed (public: names are masked, amounts are what the site's players won). */
export const recentWinsRoutes: FastifyPluginAsyncZod = async (app) => {
  const wins = recentWinsService(app.ctx.db, () => app.ctx.clock.now());
  app.get(
    '/games/recent-wins',
    {
      schema: {
        tags: ['games'],
        summary: 'Recent wins: the newest real-money wins of this site (games and lottery), names masked',
        querystring: recentWinsQuery,
        response: { 200: recentWinsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await wins.list(req.merchant.id, req.query.language, req.merchant.default_language),
    }),
  );
};
