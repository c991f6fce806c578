import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROVIDER_PATHS, providerSystemResponse } from '@panalo/contract/provider';
import { INSTANCE } from '../../lib/instance';
import { PROVIDER_ERRORS, PROVIDER_TAGS } from './route-schema';

/** The platform's parts as the answering API process sees them (issue 54): the database and its replica. */
export const providerSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PROVIDER_PATHS.system,
    {
      config: { provider: 'system' },
      schema: {
        tags: PROVIDER_TAGS,
        summary:
          'The answering API process, the database and its streaming replica (in use for the reads that may be a moment old, its lag, why not)',
        response: { 200: providerSystemResponse, ...PROVIDER_ERRORS },
      },
    },
    async () => ({
      success: true as const,
      value: { instance: INSTANCE, database: app.ctx.dbKind, replica: app.ctx.reads.status() },
    }),
  );
};
