import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@panalo/contract/common';
import { audit } from '../../lib/audit';
import { requireIdempotencyKey } from '../wallet/money-request';
import { HUB88_VENDOR } from './hub88-setup';
import { refreshHub88Catalogue } from './hub88.setup';

const syncResponse = z.object({
  success: z.literal(true),
  value: z.object({ enabled: z.number().int(), disabled: z.number().int() }),
});

/** The operator's Hub88 calls: bring the catalogue up to date with Hub88's game list now. */
export const hub88OpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `/ops/vendors/${HUB88_VENDOR}/sync`,
    {
      config: { auth: 'operator', permission: 'games' },
      schema: {
        tags: ['ops', 'hub88'],
        summary:
          "Reads Hub88's game list and mirrors it into the catalogue (enabled games shown under HUB88, the others hidden); Idempotency-Key; audited",
        response: {
          200: syncResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          503: errorBody,
        },
      },
    },
    async (req) => {
      requireIdempotencyKey(req);
      const value = await refreshHub88Catalogue(app.ctx.db, app.ctx.hub88);
      await audit(app.ctx.db, {
        merchantId: req.merchant.id,
        actor: `operator:${req.session!.memberId}`,
        action: 'vendor.sync',
        target: `vendor:${HUB88_VENDOR}`,
        details: { ...value, ip: req.ip },
        at: app.ctx.clock.now(),
      });
      return { success: true as const, value };
    },
  );
};
