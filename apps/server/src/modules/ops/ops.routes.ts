import { allPages, sendCsv, toCsv } from '../../lib/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  auditListResponse,
  opsAdjustmentRequest,
  opsAdjustmentResponse,
  opsAuditQuery,
} from '@panalo/contract/cashier';
import { requireIdempotencyKey, sendIdempotent, signedAmount } from '../wallet/money-request';
import { approvalPendingResponse } from '@panalo/contract/staff';
import { approvalsService } from '../approvals/approvals.service';
import { opsService } from './ops.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };
const tags = ['ops'];

/** Operator calls that are not a deposit or withdrawal decision: balance adjustments and the audit log. */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = opsService(app.ctx.db, app.ctx.clock);
  // The audit log's export may be a moment old: read from the replica (issue 54).
  const opsReads = opsService(app.ctx.reads.db, app.ctx.clock);
  const approvals = approvalsService(app.ctx.db, app.ctx.clock);

  app.post(
    '/ops/adjustments',
    {
      config: { auth: 'operator', permission: 'cashier.adjust' },
      schema: {
        tags,
        summary:
          'Adjust a member’s balance by a signed amount with a reason (audited; Idempotency-Key); above the merchant’s threshold it waits for a second staff member (202)',
        body: opsAdjustmentRequest,
        response: { 200: opsAdjustmentResponse, 202: approvalPendingResponse, 409: errorBody, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      const amount = signedAmount(req.body.amount);
      // Above the merchant's threshold a second staff member carries it out (maker-checker).
      const above = (await approvals.thresholds(req.merchant.id)).adjustment;
      if (above !== null && (amount < 0n ? -amount : amount) > above) {
        const member = await ops.assertAdjustable(req.merchant.id, req.body.username);
        const approval = await approvals.request({
          merchantId: req.merchant.id,
          kind: 'adjustment',
          target: `member:${member.id}`,
          amount,
          request: { username: req.body.username, amount: req.body.amount, reason: req.body.reason },
          makerId: req.session!.memberId,
          makerKey: key,
        });
        return reply
          .status(202)
          .send({ success: true as const, value: { pending: true as const, approval } });
      }
      const r = await ops.adjust({
        merchantId: req.merchant.id,
        currency: req.merchant.currency,
        operatorId: req.session!.memberId,
        username: req.body.username,
        amount,
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
        summary: 'This merchant’s audit log (who did what, when and why), newest first; or one target’s',
        querystring: opsAuditQuery,
        response: { 200: auditListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.auditLog(req.merchant.id, req.query.page, req.query.pageSize, req.query.target),
    }),
  );

  app.get(
    '/ops/audit/export',
    {
      config: { auth: 'operator', permission: 'audit' },
      schema: {
        tags,
        summary: 'The audit log as a CSV file, newest first (formula cells neutralised; at most 50,000 rows)',
        response: errors,
      },
    },
    async (req, reply) => {
      const rows = await allPages((page, pageSize) => opsReads.auditLog(req.merchant.id, page, pageSize));
      const csv = toCsv(
        ['id', 'time', 'actor', 'action', 'target', 'details'],
        rows.map((e) => [e.id, e.createdAt, e.actor, e.action, e.target, JSON.stringify(e.details)]),
      );
      sendCsv(reply, 'audit.csv', csv);
    },
  );
};
