import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Security centre (payment password, payee name, bank cards) and withdrawals, with the operator's decisions on them. */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async () => {};
