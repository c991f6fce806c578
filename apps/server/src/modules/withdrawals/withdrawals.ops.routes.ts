import { allPages, sendCsv, toCsv } from '../../lib/csv';
import { approvalPendingResponse } from '@panalo/contract/staff';
import { approvalsService } from '../approvals/approvals.service';
import { withdrawalsRepository } from './withdrawals.repository';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsDecisionRequest,
  opsQueueFilters,
  opsQueueQuery,
  opsWithdrawalListResponse,
  withdrawalResponse,
  withdrawalStatus,
} from '@panalo/contract/cashier';
import { errorBody } from '@panalo/contract/common';
import { DomainError } from '../../lib/domain-error';
import { requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';
import type { withdrawalsService } from './withdrawals.service';
import { queueFilters } from '../../lib/queue-filters';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
const idParam = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The operator's side of withdrawals, at its own merchant only: list for paying out, approve, reject. */
export function opsWithdrawalsRoutes(
  withdrawals: ReturnType<typeof withdrawalsService>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['ops'];
    const approvals = approvalsService(app.ctx.db, app.ctx.clock);
    const repo = withdrawalsRepository(app.ctx.db);
    const config = { auth: 'operator' as const, permission: 'cashier.withdrawals' as const };

    app.get(
      '/ops/withdrawals',
      {
        config,
        schema: {
          tags,
          summary: 'Withdrawals of this merchant, with payee name and full card number for paying out',
          querystring: opsQueueQuery,
          response: { 200: opsWithdrawalListResponse, ...errors },
        },
      },
      async (req) => {
        const status =
          req.query.status === undefined ? undefined : withdrawalStatus.safeParse(req.query.status);
        if (status && !status.success) throw new DomainError('validation_failed', 400, 'Unknown status');
        return {
          success: true as const,
          value: await withdrawals.opsList(req.merchant.id, {
            page: req.query.page,
            pageSize: req.query.pageSize,
            status: status?.data,
            filters: queueFilters(req.query),
          }),
        };
      },
    );

    app.get(
      '/ops/withdrawals/export',
      {
        config,
        schema: {
          tags,
          summary:
            'The withdrawals of the list’s filter as a CSV file, with payee and card number for paying out (formula cells neutralised)',
          querystring: opsQueueFilters,
          response: errors,
        },
      },
      async (req, reply) => {
        const status =
          req.query.status === undefined ? undefined : withdrawalStatus.safeParse(req.query.status);
        if (status && !status.success) throw new DomainError('validation_failed', 400, 'Unknown status');
        const filters = queueFilters(req.query);
        const rows = await allPages((page, pageSize) =>
          withdrawals.opsList(req.merchant.id, { page, pageSize, status: status?.data, filters }),
        );
        const csv = toCsv(
          [
            'id',
            'created',
            'member',
            'payee',
            'bank',
            'card_number',
            'amount',
            'status',
            'reason',
            'updated',
          ],
          rows.map((w) => [
            w.id,
            w.createdAt,
            w.username,
            w.payeeName,
            w.bankName,
            w.cardNumber,
            { raw: w.amount },
            w.status,
            w.reason,
            w.updatedAt,
          ]),
        );
        sendCsv(reply, `withdrawals-${status?.data ?? 'all'}.csv`, csv);
      },
    );

    for (const decision of ['approve', 'reject'] as const) {
      app.post(
        `/ops/withdrawals/:id/${decision}`,
        {
          config,
          schema: {
            tags,
            summary:
              decision === 'approve'
                ? 'Mark a pending withdrawal paid (Idempotency-Key; audited); above the merchant’s threshold it waits for a second staff member (202)'
                : 'Reject a pending withdrawal with a reason; the money returns to the wallet (Idempotency-Key; audited)',
            params: idParam,
            body: opsDecisionRequest,
            response: { 200: withdrawalResponse, 202: approvalPendingResponse, ...errors },
          },
        },
        async (req, reply) => {
          const key = requireIdempotencyKey(req);
          if (decision === 'approve') {
            // Above the merchant's threshold a second staff member pays it (maker-checker).
            const above = (await approvals.thresholds(req.merchant.id)).withdrawal;
            const w = above === null ? undefined : await repo.one(req.merchant.id, BigInt(req.params.id));
            if (above !== null && w && w.status === 'pending' && BigInt(w.amount) > above) {
              const approval = await approvals.request({
                merchantId: req.merchant.id,
                kind: 'withdrawal',
                target: `withdrawal:${w.id}`,
                amount: BigInt(w.amount),
                request: { id: String(w.id) },
                makerId: req.session!.memberId,
                makerKey: key,
              });
              return reply
                .status(202)
                .send({ success: true as const, value: { pending: true as const, approval } });
            }
          }
          const r = await withdrawals.decide(
            {
              merchantId: req.merchant.id,
              operatorId: req.session!.memberId,
              id: BigInt(req.params.id),
              decision,
              reason: req.body.reason || null,
            },
            key,
          );
          return sendIdempotent(reply, r);
        },
      );
    }
  };
}
