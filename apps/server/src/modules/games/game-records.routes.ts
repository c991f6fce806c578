import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { gameRecordsQuery, gameRecordsResponse } from '@panalo/contract/game-records';
import { merchantTimeZone } from '../../lib/day-range';
import { gameRecordsService } from './game-records.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 503: errorBody };

/** GET /api/games/records: the member's game rounds (route /m/gameRecord). */
export const gameRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const records = gameRecordsService(app.ctx.db);
  app.get(
    '/games/records',
    {
      config: { auth: 'member', feature: 'TRANSBETREPMEM3' },
      schema: {
        tags: ['games'],
        summary: 'Game records: the member’s rounds newest first, with totals (free-trial: play money)',
        querystring: gameRecordsQuery,
        response: { 200: gameRecordsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await records.list(
        {
          merchantId: req.merchant.id,
          memberId: req.session!.memberId,
          memberType: req.session!.type,
          timeZone: merchantTimeZone(req.merchant),
          defaultLanguage: req.merchant.default_language,
        },
        req.query,
      ),
    }),
  );
};
