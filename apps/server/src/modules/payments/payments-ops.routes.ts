import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { OPS_PAYMONGO_PATH } from '@panalo/contract/payment-rules';
import { opsPayMongoInput, opsPayMongoResponse } from '@panalo/contract/payments';
import { opsPayMongoView, savePayMongoAccount } from './paymongo/paymongo-account';

/** The operator's payment-provider settings: the merchant's PayMongo account and its methods. */
export const paymentsOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OPS_PAYMONGO_PATH,
    {
      config: { auth: 'operator', permission: 'payments' },
      schema: {
        tags: ['ops', 'payments'],
        summary: "The merchant's PayMongo account (secrets never shown), its webhook address and methods",
        response: { 200: opsPayMongoResponse, 401: errorBody, 403: errorBody },
      },
    },
    async (req) => ({ success: true as const, value: await opsPayMongoView(app.ctx.db, req.merchant.id) }),
  );

  app.put(
    OPS_PAYMONGO_PATH,
    {
      config: { auth: 'operator', permission: 'payments' },
      schema: {
        tags: ['ops', 'payments'],
        summary:
          'Saves the PayMongo account (keys sealed at rest; left out, they stay) and its methods with their limits; audited with the reason',
        body: opsPayMongoInput,
        response: {
          200: opsPayMongoResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
        },
      },
    },
    async (req) => ({
      success: true as const,
      value: await savePayMongoAccount(app.ctx.db, app.ctx.clock, {
        merchantId: req.merchant.id,
        actor: `operator:${req.session!.memberId}`,
        input: req.body,
        ip: req.ip,
      }),
    }),
  );
};
