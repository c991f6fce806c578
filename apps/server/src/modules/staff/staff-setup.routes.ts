import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { STAFF_SETUP_PATH, staffSetupRequest, staffSetupResponse } from '@panalo/contract/provider';
import type { LimitRule } from '../ratelimit/ratelimit.service';
import { staffSetupService } from './staff-setup.service';

/** Set-up attempts per IP: a token is 32 random bytes, the limit only keeps the table quiet. */
export const STAFF_SETUP_IP_RULE: LimitRule = { scope: 'staff-setup:ip', limit: 10, windowMs: 60_000 };

/** A brand owner's one-time set-up link, used at the brand's console (issue 51). */
export const staffSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const setup = staffSetupService(app.ctx.db, app.ctx.clock);
  app.post(
    STAFF_SETUP_PATH,
    {
      schema: {
        tags: ['ops', 'staff'],
        summary:
          'Use a one-time set-up link: choose the password (the first sign-in then sets up the authenticator); audited',
        body: staffSetupRequest,
        response: { 200: staffSetupResponse, 400: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (req) => {
      await app.ctx.limits.consume(req.merchant.id, STAFF_SETUP_IP_RULE, req.ip);
      return {
        success: true as const,
        value: await setup.complete(req.merchant.id, req.body.token, req.body.password),
      };
    },
  );
};
