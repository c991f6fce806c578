import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Account record, transaction types, profit and loss, and transfer to upline. */
export const recordsRoutes: FastifyPluginAsyncZod = async () => {};
