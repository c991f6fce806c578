import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWithdrawalRequest,
  forfeitBonusesRequest,
  forfeitBonusesResponse,
  withdrawalListQuery,
  withdrawalListResponse,
  withdrawalResponse,
} from '@panalo/contract/cashier';
import { errorBody } from '@panalo/contract/common';
import { requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';
import { opsWithdrawalsRoutes } from './withdrawals.ops.routes';
import { forfeitBonuses } from './bonus-forfeit';
import { securityRoutes } from './security.routes';
import { securityService } from './security.service';
import { withdrawalsService } from './withdrawals.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};

/** Security centre (payment password, payee name, bank cards) and withdrawals, with the operator's decisions on them. */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = securityService(app.ctx);
  const withdrawals = withdrawalsService(app.ctx, security);
  await app.register(securityRoutes(security));
  await app.register(opsWithdrawalsRoutes(withdrawals));
  const tags = ['cashier'];

  app.post(
    '/cashier/withdrawals',
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary:
          'Withdraw to a bound card (Idempotency-Key; payment password; the amount is held at once until an operator decides)',
        body: createWithdrawalRequest,
        response: { 200: withdrawalResponse, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      const r = await withdrawals.create(
        { merchantId: req.merchant.id, memberId: req.session!.memberId, currency: req.merchant.currency },
        key,
        req.body,
      );
      return sendIdempotent(reply, r);
    },
  );

  app.post(
    '/cashier/turnover/forfeit',
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary:
          'Give up my open bonuses (and their share of the winnings) to withdraw (Idempotency-Key; login password)',
        body: forfeitBonusesRequest,
        response: { 200: forfeitBonusesResponse, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      const caller = { merchantId: req.merchant.id, memberId: req.session!.memberId };
      return sendIdempotent(reply, await forfeitBonuses(app.ctx, security, caller, key, req.body));
    },
  );

  app.get(
    '/cashier/withdrawals',
    {
      config: { auth: 'realMember', feature: 'WITHREC3' },
      schema: {
        tags,
        summary: 'The member’s withdrawal record (newest first; filter by status)',
        querystring: withdrawalListQuery,
        response: { 200: withdrawalListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await withdrawals.list(
        { merchantId: req.merchant.id, memberId: req.session!.memberId },
        req.query,
      ),
    }),
  );
};
