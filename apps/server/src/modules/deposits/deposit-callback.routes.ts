import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@panalo/contract/common';
import { DomainError } from '../../lib/domain-error';
import { paymentAdapter } from '../payments/adapter';
import { applyPaymentEvent } from './deposit-callback.service';

const callbackResponse = z.object({
  success: z.literal(true),
  value: z.object({ received: z.literal(true) }),
});

/**
 * Provider callbacks: no session (the provider signs instead), open during maintenance (money already
 * moved at the provider must still be recorded), and the body kept raw because the signature covers
 * its exact bytes. Encapsulated, so the raw JSON parser applies to this route only.
 */
export const depositCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // PayMongo's webhooks come to /payments/paymongo/webhook; every provider's to its /callback as well.
  for (const path of ['/payments/:provider/callback', '/payments/:provider/webhook'])
    app.post(
      path,
      {
        config: { openDuringMaintenance: true },
        schema: {
          tags: ['payments'],
          summary: 'Signed payment-provider callback (duplicates are answered alike and move nothing)',
          params: z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,32}$/) }),
          response: { 200: callbackResponse, 400: errorBody, 401: errorBody, 404: errorBody },
        },
      },
      async (req) => {
        const adapter = paymentAdapter(app.ctx.db, req.params.provider);
        if (!adapter) throw new DomainError('payment_provider_unknown', 404, 'Unknown payment provider');
        const raw = typeof req.body === 'string' ? req.body : '';
        const event = await adapter.verifyCallback(raw, req.headers, req.merchant.code, app.ctx.db);
        // Genuine, but nothing to apply (an event of another kind): acknowledged, so it is not sent again.
        if (!event) return { success: true as const, value: { received: true as const } };
        const outcome = await applyPaymentEvent(app.ctx.db, app.ctx.clock, {
          merchantId: req.merchant.id,
          provider: adapter.code,
          event,
        });
        req.log.info({ provider: adapter.code, eventId: event.eventId, outcome }, 'payment callback');
        return { success: true as const, value: { received: true as const } };
      },
    );
};
