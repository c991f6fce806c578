import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  auditListResponse,
  opsAdjustmentRequest,
  opsAdjustmentResponse,
  opsListQuery,
} from '@panalo/contract/cashier';
import { requireIdempotencyKey, sendIdempotent, signedAmount } from '../wallet/money-request';
import { opsService } from './ops.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };
const tags = ['ops'];

/** Operator calls that are not a deposit or withdrawal decision: balance adjustments and the audit log. */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = opsService(app.ctx.db, app.ctx.clock);

  app.post(
    '/ops/adjustments',
    {
      config: { auth: 'operator', permission: 'cashier.adjust' },
      schema: {
        tags,
        summary: 'Adjust a member’s balance by a signed amount with a reason (audited; Idempotency-Key)',
        body: opsAdjustmentRequest,
        response: { 200: opsAdjustmentResponse, 409: errorBody, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      const r = await ops.adjust({
        merchantId: req.merchant.id,
        currency: req.merchant.currency,
        operatorId: req.session!.memberId,
        username: req.body.username,
        amount: signedAmount(req.body.amount),
        reason: req.body.reason,
        key,
      });
      return sendIdempotent(reply, r);
    },
  );

  app.get(
    '/ops/audit',
    {
      config: { auth: 'operator', permission: 'audit' },
      schema: {
        tags,
        summary: 'This merchant’s audit log (who did what, when and why), newest first',
        querystring: opsListQuery.omit({ status: true }),
        response: { 200: auditListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.auditLog(req.merchant.id, req.query.page, req.query.pageSize),
    }),
  );
};
