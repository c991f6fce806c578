import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allPages, sendCsv, toCsv } from '../../lib/csv';
import { z } from 'zod';
import {
  depositStatus,
  opsDecisionRequest,
  opsDepositListResponse,
  opsQueueFilters,
  opsQueueQuery,
  opsDeposit,
} from '@panalo/contract/cashier';
import { errorBody, ok } from '@panalo/contract/common';
import { DomainError } from '../../lib/domain-error';
import { toOpsDeposit } from './deposit-dto';
import { decideDeposit } from './deposit-decisions.service';
import { depositsRepository } from './deposits.repository';
import { requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';
import { queueFilters } from '../../lib/queue-filters';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
// Ids stay inside bigint: a longer number is simply not an order.
const idParam = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The operator's deposit desk: this merchant's orders, and decisions on bank transfers. */
export const depositsOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ops/deposits',
    {
      config: { auth: 'operator', permission: 'cashier.deposits' },
      schema: {
        tags: ['ops'],
        summary: 'Deposits of this merchant, newest first (status, local days, amounts, member, method)',
        querystring: opsQueueQuery,
        response: { 200: opsDepositListResponse, ...errors },
      },
    },
    async (req) => {
      const status = req.query.status === undefined ? undefined : depositStatus.safeParse(req.query.status);
      if (status && !status.success) throw new DomainError('validation_failed', 400, 'Unknown status');
      const { rows, total } = await depositsRepository(app.ctx.db).page({
        merchantId: req.merchant.id,
        page: req.query.page,
        pageSize: req.query.pageSize,
        filters: queueFilters(req.query),
        ...(status?.data ? { status: status.data } : {}),
      });
      return {
        success: true as const,
        value: {
          list: rows.map(toOpsDeposit),
          pageNum: req.query.page,
          totalPages: Math.ceil(total / req.query.pageSize),
          total,
        },
      };
    },
  );

  app.get(
    '/ops/deposits/export',
    {
      config: { auth: 'operator', permission: 'cashier.deposits' },
      schema: {
        tags: ['ops'],
        summary:
          'The deposits of the list’s filter as a CSV file (formula cells neutralised; at most 50,000 rows)',
        querystring: opsQueueFilters,
        response: errors,
      },
    },
    async (req, reply) => {
      const status = req.query.status === undefined ? undefined : depositStatus.safeParse(req.query.status);
      if (status && !status.success) throw new DomainError('validation_failed', 400, 'Unknown status');
      // An export may be a moment old: read from the replica (issue 54).
      const repo = depositsRepository(app.ctx.reads.db);
      const filters = queueFilters(req.query);
      const rows = await allPages(async (page, pageSize) => {
        const r = await repo.page({
          merchantId: req.merchant.id,
          page,
          pageSize,
          filters,
          ...(status?.data ? { status: status.data } : {}),
        });
        return { list: r.rows.map(toOpsDeposit), total: r.total };
      });
      const csv = toCsv(
        [
          'id',
          'created',
          'member',
          'method',
          'kind',
          'amount',
          'bonus',
          'reference',
          'provider_ref',
          'status',
          'updated',
        ],
        rows.map((d) => [
          d.id,
          d.createdAt,
          d.username,
          d.methodCode,
          d.kind,
          { raw: d.amount },
          { raw: d.bonusAmount },
          d.reference,
          d.providerRef,
          d.status,
          d.updatedAt,
        ]),
      );
      sendCsv(reply, `deposits-${status?.data ?? 'all'}.csv`, csv);
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/ops/deposits/:id/${decision}`,
      {
        config: { auth: 'operator', permission: 'cashier.deposits' },
        schema: {
          tags: ['ops'],
          summary:
            decision === 'approve'
              ? 'Confirm a bank transfer: credits it (Idempotency-Key header)'
              : 'Reject a bank transfer with a reason (Idempotency-Key header)',
          params: idParam,
          body: opsDecisionRequest.optional(),
          response: { 200: ok(opsDeposit), ...errors },
        },
      },
      async (req, reply) => {
        const key = requireIdempotencyKey(req);
        const result = await decideDeposit(app.ctx.db, app.ctx.clock, {
          merchantId: req.merchant.id,
          operatorId: req.session!.memberId,
          orderId: BigInt(req.params.id),
          decision,
          reason: req.body?.reason || undefined,
          idempotencyKey: key,
        });
        return sendIdempotent(reply, result);
      },
    );
  }
};
