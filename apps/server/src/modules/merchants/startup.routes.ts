import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startupQuery, startupResponse } from '@panalo/contract/startup';
import { errorBody } from '@panalo/contract/common';
import { merchantsRepository } from './merchants.repository';
import { buildStartupBundle } from './merchants.service';

export const startupRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = merchantsRepository(app.ctx.db);
  app.get(
    '/startup',
    {
      config: { openDuringMaintenance: true },
      schema: {
        tags: ['site'],
        summary: 'Config bundle for the client at startup (spec §3)',
        querystring: startupQuery,
        response: { 200: startupResponse, 400: errorBody },
      },
    },
    async (request) => ({
      success: true as const,
      value: await buildStartupBundle(repo, request.merchant, request.access),
    }),
  );
};
