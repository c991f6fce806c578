import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { parseAmount } from '@panalo/contract/money';
import {
  APPROVAL_PATHS,
  approvalDecisionParams,
  approvalDecisionRequest,
  approvalListQuery,
  approvalListResponse,
  approvalResponse,
  approvalThresholdsRequest,
  approvalThresholdsResponse,
  type ApprovalKind,
} from '@panalo/contract/staff';
import type { Database } from '../../db/database';
import { DomainError } from '../../lib/domain-error';
import { requireIdempotencyKey } from '../wallet/money-request';
import { approvalsService, thresholdsView, type ApprovalRequest } from './approvals.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['ops'];

/**
 * Maker-checker's own calls: the waiting requests, a second staff member's decision on one (carried out
 * in the same transaction as the decision), and the merchant's thresholds.
 */
/** What an approved request needs to be carried out: its merchant, maker, key and the approval's claim. */
export interface CarryOut {
  merchantId: number;
  currency: string;
  /** The staff member who asked: the operation is theirs, approved by the checker. */
  makerId: bigint;
  /** One key per approval and checker's intent: a retry of this decision is this decision. */
  key: string;
  /** The approval's claim, to run first in the operation's own transaction. */
  within: (trx: Database) => Promise<void>;
}

/**
 * Who carries out each kind of request once approved: the module that owns the operation (ops for a
 * balance adjustment, withdrawals for a payment), wired where the app is put together. Approvals call
 * them and never import them: the modules that ask for approval sit above this one.
 */
export interface ApprovalCarriers {
  adjustment(c: CarryOut, request: ApprovalRequest['adjustment']): Promise<unknown>;
  withdrawal(c: CarryOut, request: ApprovalRequest['withdrawal']): Promise<unknown>;
}

export function approvalsRoutes(carriers: ApprovalCarriers): FastifyPluginAsyncZod {
  return async (app) => {
    const approvals = approvalsService(app.ctx.db, app.ctx.clock);

    app.get(
      APPROVAL_PATHS.list,
      {
        config: { auth: 'operator', permission: 'approvals' },
        schema: {
          tags,
          summary:
            'Adjustments and withdrawals waiting for a second staff member (?status=pending|approved|rejected)',
          querystring: approvalListQuery,
          response: { 200: approvalListResponse, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        value: await approvals.list(req.merchant.id, req.query.status, req.query.page, req.query.pageSize),
      }),
    );

    app.post(
      APPROVAL_PATHS.decide,
      {
        config: { auth: 'operator', permission: 'approvals' },
        schema: {
          tags,
          summary:
            'Approve (carried out at once) or reject (with a reason) a waiting request; never one’s own (Idempotency-Key; audited)',
          params: approvalDecisionParams,
          body: approvalDecisionRequest,
          response: { 200: approvalResponse, ...errors },
        },
      },
      async (req) => {
        const key = requireIdempotencyKey(req);
        const merchantId = req.merchant.id;
        const id = BigInt(req.params.id);
        const { approval } = await approvals.decide({
          merchantId,
          id,
          checkerId: req.session!.memberId,
          decision: req.params.decision,
          reason: req.body.reason || null,
          carryOut: async (r: { kind: ApprovalKind; request: unknown; makerId: bigint }, take) => {
            const c: CarryOut = {
              merchantId,
              currency: req.merchant.currency,
              makerId: r.makerId,
              key: `approval-${id}-${key}`,
              within: take,
            };
            return r.kind === 'adjustment'
              ? carriers.adjustment(c, r.request as ApprovalRequest['adjustment'])
              : carriers.withdrawal(c, r.request as ApprovalRequest['withdrawal']);
          },
        });
        return { success: true as const, value: approval };
      },
    );

    app.get(
      APPROVAL_PATHS.thresholds,
      {
        config: { auth: 'operator', permission: 'approvals' },
        schema: {
          tags,
          summary:
            'The amounts above which an adjustment or a withdrawal payment needs a second staff member',
          response: { 200: approvalThresholdsResponse, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        value: thresholdsView(await approvals.thresholds(req.merchant.id)),
      }),
    );

    app.put(
      APPROVAL_PATHS.thresholds,
      {
        config: { auth: 'operator', permission: 'staff' },
        schema: {
          tags,
          summary: 'Set the maker-checker thresholds (null: never); audited with before, after and reason',
          body: approvalThresholdsRequest,
          response: { 200: approvalThresholdsResponse, ...errors },
        },
      },
      async (req) => {
        const amount = (v: string | null) => {
          if (v === null) return null;
          const minor = parseAmount(v);
          if (minor === null) throw new DomainError('amount_invalid', 400, 'Enter a valid amount');
          return minor;
        };
        const next = {
          adjustment: amount(req.body.adjustmentAbove),
          withdrawal: amount(req.body.withdrawalAbove),
        };
        await approvals.setThresholds(req.merchant.id, req.session!.memberId, next, req.body.reason);
        return { success: true as const, value: thresholdsView(await approvals.thresholds(req.merchant.id)) };
      },
    );
  };
}
