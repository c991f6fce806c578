import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Deposits (bank transfer and payment gateway), their callbacks and the operator's decisions on them. */
export const depositsRoutes: FastifyPluginAsyncZod = async () => {};
