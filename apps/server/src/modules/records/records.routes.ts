import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@panalo/contract/common';
import {
  profitLossQuery,
  profitLossResponse,
  transactionListResponse,
  transactionQuery,
  transactionTypesResponse,
  transferUplineRequest,
  transferUplineResponse,
} from '@panalo/contract/cashier';
import { merchantTimeZone } from '../../lib/day-range';
import { recordsService } from './records.service';
import { uplineService } from './upline.service';
import { positiveAmount, requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 503: errorBody };
const tags = ['records'];

/** Account record, transaction types, profit and loss, and transfer to upline. */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const records = recordsService(app.ctx.db);
  const upline = uplineService(app.ctx.db, app.ctx.clock, app.ctx.limits);
  const caller = (req: FastifyRequest) => ({
    merchantId: req.merchant.id,
    currency: req.merchant.currency,
    timeZone: merchantTimeZone(req.merchant),
    memberId: req.session!.memberId,
    memberType: req.session!.type,
  });

  app.get(
    '/cashier/transactions',
    {
      config: { auth: 'member', feature: 'TRANSREC3' },
      schema: {
        tags,
        summary: 'Account record: wallet entries newest first (free-trial accounts: the play-money book)',
        querystring: transactionQuery,
        response: { 200: transactionListResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await records.transactions(caller(req), req.query) }),
  );

  app.get(
    '/cashier/transaction-types',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'Transaction types the account record can filter by',
        response: { 200: transactionTypesResponse, ...errors },
      },
    },
    async () => ({ success: true as const, value: records.transactionTypes() }),
  );

  app.get(
    '/cashier/profit-loss',
    {
      config: { auth: 'member', feature: 'PERSREP' },
      schema: {
        tags,
        summary: 'Profit and loss by day over at most 90 days, computed from the ledger',
        querystring: profitLossQuery,
        response: { 200: profitLossResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await records.profitLoss(caller(req), req.query) }),
  );

  app.post(
    '/cashier/transfer-upline',
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Transfer to upline (AGETRANSFERUP3, toUpline, type not 2); needs an Idempotency-Key',
        body: transferUplineRequest,
        response: { 200: transferUplineResponse, 409: errorBody, 429: errorBody, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      const amount = positiveAmount(req.body.amount);
      const r = await upline.transfer({
        merchant: req.merchant,
        memberId: req.session!.memberId,
        amount,
        paymentPassword: req.body.paymentPassword,
        key,
      });
      return sendIdempotent(reply, r);
    },
  );
};
