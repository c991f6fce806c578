import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDepositRequest,
  createDepositResponse,
  depositListQuery,
  depositListResponse,
  depositOptionsQuery,
  depositOptionsResponse,
  depositResponse,
} from '@panalo/contract/cashier';
import { errorBody } from '@panalo/contract/common';
import { depositCallbackRoutes } from './deposit-callback.routes';
import { depositsOpsRoutes } from './deposits-ops.routes';
import { createDeposit, depositOptions, getDeposit, listDeposits, memberOrigin } from './deposits.service';
import { requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
};
// Ids stay inside bigint: a longer number is simply not an order.
const idParam = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Deposits (bank transfer and payment gateway), their callbacks and the operator's decisions on them. */
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(depositCallbackRoutes);
  await app.register(depositsOpsRoutes);

  app.get(
    '/cashier/deposit/options',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['cashier'],
        summary: 'Deposit methods (limits, bank accounts) and the deposit promotions open to me',
        querystring: depositOptionsQuery,
        response: { 200: depositOptionsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await depositOptions(app.ctx.db, app.ctx.clock, {
        merchant: req.merchant,
        memberId: req.session!.memberId,
        lang: req.query.lang,
      }),
    }),
  );

  app.post(
    '/cashier/deposits',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['cashier'],
        summary: 'Open a deposit (Idempotency-Key header); a gateway deposit answers its payment page',
        body: createDepositRequest,
        response: { 200: createDepositResponse, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      const result = await createDeposit(app.ctx.db, app.ctx.clock, {
        merchant: req.merchant,
        memberId: req.session!.memberId,
        body: req.body,
        idempotencyKey: key,
        origin: await memberOrigin(app.ctx.db, req.merchant, req),
      });
      return sendIdempotent(reply, result);
    },
  );

  app.get(
    '/cashier/deposits',
    {
      config: { auth: 'realMember', feature: 'DEPRECM3' },
      schema: {
        tags: ['cashier'],
        summary: 'The member’s deposit records, newest first',
        querystring: depositListQuery,
        response: { 200: depositListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await listDeposits(app.ctx.db, {
        merchantId: req.merchant.id,
        memberId: req.session!.memberId,
        page: req.query.page,
        pageSize: req.query.pageSize,
        ...(req.query.status ? { status: req.query.status } : {}),
      }),
    }),
  );

  app.get(
    '/cashier/deposits/:id',
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['cashier'],
        summary: 'One of the member’s deposits',
        params: idParam,
        response: { 200: depositResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await getDeposit(app.ctx.db, req.merchant.id, req.session!.memberId, BigInt(req.params.id)),
    }),
  );
};
