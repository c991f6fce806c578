import { formatAmount } from '@panalo/contract/money';
import {
  roleAllows,
  type Approval,
  type ApprovalKind,
  type ApprovalThresholds,
} from '@panalo/contract/staff';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { staffService } from '../staff/staff.service';
import { inTransaction } from '../../db/transaction';
import { approvalsRepository, type ApprovalRow } from './approvals.repository';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export const toApproval = (r: ApprovalRow): Approval => ({
  id: r.id.toString(),
  kind: r.kind,
  target: r.target,
  amount: formatAmount(BigInt(r.amount)),
  reason: json<{ reason?: string }>(r.request).reason ?? null,
  maker: r.maker,
  checker: r.checker,
  status: r.status,
  decisionReason: r.decision_reason,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
});

/**
 * A new merchant's maker-checker thresholds (minor units): balance adjustments above ₱10,000.00 and
 * withdrawal payments above ₱20,000.00 need a second staff member until the owner changes them (null:
 * never). They are the `merchant` columns' defaults, written out in migration 0069 (frozen; a test
 * checks that the two agree).
 */
export const DEFAULT_APPROVAL_THRESHOLDS = { adjustment: 1_000_000n, withdrawal: 2_000_000n } as const;

/** What an approval asks to do (kept as the maker asked it). */
export interface ApprovalRequest {
  adjustment: { username: string; amount: string; reason: string };
  withdrawal: { id: string };
}

/**
 * Maker-checker (issue 20): above the merchant's threshold, a balance adjustment or a withdrawal payment
 * is a request that a second staff member carries out. The maker can never be the checker (the database
 * refuses it too); the checker's approval and the operation are one transaction, so an approval whose
 * operation is refused (the wallet is short, the withdrawal was decided meanwhile) stays waiting.
 */
export function approvalsService(db: Database, clock: Clock) {
  const staff = staffService(db, clock);
  const repo = approvalsRepository(db);

  return {
    async thresholds(merchantId: number): Promise<{ adjustment: bigint | null; withdrawal: bigint | null }> {
      const m = await repo.thresholds(merchantId);
      const big = (v: bigint | string | number | null) => (v === null ? null : BigInt(v));
      return { adjustment: big(m.adjust_review_above), withdrawal: big(m.withdrawal_review_above) };
    },

    async setThresholds(
      merchantId: number,
      actorId: bigint,
      next: { adjustment: bigint | null; withdrawal: bigint | null },
      reason: string,
    ): Promise<void> {
      const before = await this.thresholds(merchantId);
      await inTransaction(db, 'approvals.service.setThresholds', async (trx) => {
        await approvalsRepository(trx).setThresholds(merchantId, next);
        const show = (v: bigint | null) => (v === null ? null : formatAmount(v));
        await audit(trx, {
          merchantId,
          actor: `operator:${actorId}`,
          action: 'approvals.thresholds',
          target: `merchant:${merchantId}`,
          details: {
            before: { adjustmentAbove: show(before.adjustment), withdrawalAbove: show(before.withdrawal) },
            after: { adjustmentAbove: show(next.adjustment), withdrawalAbove: show(next.withdrawal) },
            reason,
          },
          at: clock.now(),
        });
      });
    },

    /**
     * Files a request for a second staff member; the maker's retry (same key) is the same request, and a
     * withdrawal already waiting answers with the approval that waits for it.
     */
    async request<K extends ApprovalKind>(o: {
      merchantId: number;
      kind: K;
      target: string;
      amount: bigint;
      request: ApprovalRequest[K];
      makerId: bigint;
      makerKey: string;
    }): Promise<Approval> {
      const at = clock.now();
      const id = await inTransaction(db, 'approvals.service.request', async (trx) => {
        const trxRepo = approvalsRepository(trx);
        const filed = await trxRepo.insertRequest({
          merchantId: o.merchantId,
          kind: o.kind,
          target: o.target,
          amount: o.amount,
          request: o.request,
          makerId: o.makerId,
          makerKey: o.makerKey,
          at,
        });
        if (filed !== undefined) {
          await audit(trx, {
            merchantId: o.merchantId,
            actor: `operator:${o.makerId}`,
            action: `approval.request`,
            target: o.target,
            details: { approvalId: filed, kind: o.kind, amount: formatAmount(o.amount), ...o.request },
            at,
          });
          return filed;
        }
        const existing = await trxRepo.conflicting({
          merchantId: o.merchantId,
          makerId: o.makerId,
          makerKey: o.makerKey,
          target: o.target,
        });
        if (existing === undefined)
          throw new DomainError('idempotency_in_progress', 409, 'The same request is being processed');
        return existing;
      });
      return this.one(o.merchantId, id);
    },

    async one(merchantId: number, id: bigint): Promise<Approval> {
      const row = await repo.one(merchantId, id);
      if (!row) throw new DomainError('not_found', 404, 'Not found');
      return toApproval(row);
    },

    async list(
      merchantId: number,
      status: 'pending' | 'approved' | 'rejected',
      page: number,
      pageSize: number,
    ) {
      const { rows, total } = await repo.page(merchantId, status, page, pageSize);
      return { list: rows.map(toApproval), total, totalPages: Math.ceil(total / pageSize) };
    },

    /**
     * The checker's decision on a waiting request. Approving runs `carryOut` with `take` (the approval's
     * claim, to run first in the operation's own transaction); the checker must hold the operation's own
     * permission too, and may not be its maker.
     */
    async decide<T>(o: {
      merchantId: number;
      id: bigint;
      checkerId: bigint;
      decision: 'approve' | 'reject';
      reason: string | null;
      carryOut: (
        request: { kind: ApprovalKind; request: unknown; makerId: bigint; amount: bigint },
        take: (trx: Database) => Promise<void>,
      ) => Promise<T>;
    }): Promise<{ approval: Approval; result: T | null }> {
      const row = await repo.find(o.merchantId, o.id);
      if (!row) throw new DomainError('not_found', 404, 'Not found');
      if (row.maker_id === o.checkerId || String(row.maker_id) === String(o.checkerId)) {
        throw new DomainError('approval_own_request', 403, 'A second staff member must approve this');
      }
      const role = await staff.roleOf(o.merchantId, o.checkerId);
      const needs = row.kind === 'adjustment' ? 'cashier.adjust' : 'cashier.withdrawals';
      if (!role || !roleAllows(role, needs)) {
        throw new DomainError(
          'no_permission',
          403,
          'Sorry, this account does not have permission or the feature is temporarily unavailable',
        );
      }
      const at = clock.now();
      const take = (status: 'approved' | 'rejected') => async (trx: Database) => {
        const taken = await approvalsRepository(trx).decide({
          merchantId: o.merchantId,
          id: o.id,
          checkerId: o.checkerId,
          status,
          reason: o.reason,
          at,
        });
        if (!taken) {
          throw new DomainError('approval_decided', 409, 'This request was already decided');
        }
        await audit(trx, {
          merchantId: o.merchantId,
          actor: `operator:${o.checkerId}`,
          action: status === 'approved' ? 'approval.approve' : 'approval.reject',
          target: row.target,
          details: {
            approvalId: o.id,
            kind: row.kind,
            amount: formatAmount(BigInt(row.amount)),
            reason: o.reason,
          },
          at,
        });
      };
      if (o.decision === 'reject') {
        if (!o.reason) throw new DomainError('reason_required', 400, 'Give the reason for the rejection');
        await inTransaction(db, 'approvals.service.reject', take('rejected'));
        return { approval: await this.one(o.merchantId, o.id), result: null };
      }
      if (row.status !== 'pending')
        throw new DomainError('approval_decided', 409, 'This request was already decided');
      const result = await o.carryOut(
        { kind: row.kind, request: json(row.request), makerId: row.maker_id, amount: BigInt(row.amount) },
        take('approved'),
      );
      return { approval: await this.one(o.merchantId, o.id), result };
    },
  };
}
export type ApprovalsService = ReturnType<typeof approvalsService>;

/** The thresholds as the API shows them. */
export const thresholdsView = (t: {
  adjustment: bigint | null;
  withdrawal: bigint | null;
}): ApprovalThresholds => ({
  adjustmentAbove: t.adjustment === null ? null : formatAmount(t.adjustment),
  withdrawalAbove: t.withdrawal === null ? null : formatAmount(t.withdrawal),
});
