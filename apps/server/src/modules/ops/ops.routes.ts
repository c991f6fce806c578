import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Operator calls that are not a deposit or withdrawal decision: balance adjustments and the audit log. */
export const opsRoutes: FastifyPluginAsyncZod = async () => {};
