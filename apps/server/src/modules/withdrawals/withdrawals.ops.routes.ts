import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsDecisionRequest,
  opsListQuery,
  opsWithdrawalListResponse,
  withdrawalResponse,
  withdrawalStatus,
} from '@panalo/contract/cashier';
import { errorBody } from '@panalo/contract/common';
import { DomainError } from '../../lib/domain-error';
import { requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';
import type { withdrawalsService } from './withdrawals.service';

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
    const config = { auth: 'operator' as const, permission: 'cashier.withdrawals' as const };

    app.get(
      '/ops/withdrawals',
      {
        config,
        schema: {
          tags,
          summary: 'Withdrawals of this merchant, with payee name and full card number for paying out',
          querystring: opsListQuery,
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
          }),
        };
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
                ? 'Mark a pending withdrawal paid (Idempotency-Key; audited)'
                : 'Reject a pending withdrawal with a reason; the money returns to the wallet (Idempotency-Key; audited)',
            params: idParam,
            body: opsDecisionRequest,
            response: { 200: withdrawalResponse, ...errors },
          },
        },
        async (req, reply) => {
          const key = requireIdempotencyKey(req);
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
