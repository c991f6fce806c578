import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { outboxQuery, outboxResponse } from '@panalo/contract/dev';
import { outboxPageRepository } from './outbox.repository';

/**
 * The development outbox (issue 3 part 6): what the development delivery adapters "sent", so that
 * journeys can read an SMS code or a reset link. Outside development the route does not exist at all,
 * so it answers exactly as an unknown path does.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.ctx.dev) return;
  const repo = outboxPageRepository(app.ctx.db);

  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: the latest 50 SMS and e-mails of this merchant, newest first',
        querystring: outboxQuery,
        response: { 200: outboxResponse, 400: errorBody },
      },
    },
    async (req) => {
      const rows = await repo.latest(req.merchant.id, req.query.recipient || undefined);
      return {
        success: true as const,
        value: rows.map((r) => ({
          id: String(r.id),
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  );
};
