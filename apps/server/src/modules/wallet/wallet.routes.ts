import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { balanceResponse } from '@panalo/contract/wallet';
import { memberBalance } from './wallet.service';

const errors = { 401: errorBody, 403: errorBody, 503: errorBody };

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wallet/balance',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['wallet'],
        summary: 'Wallet balance (sumBalance); play money for free-trial accounts',
        response: { 200: balanceResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await memberBalance(app.ctx.db, {
        merchantId: req.merchant.id,
        memberId: req.session!.memberId,
        memberType: req.session!.type,
        currency: req.merchant.currency,
      }),
    }),
  );
};
