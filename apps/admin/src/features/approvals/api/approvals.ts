import type { z } from 'zod';
import type {
  Approval,
  ApprovalThresholds,
  approvalListResponse,
  approvalThresholdsRequest,
} from '@panalo/contract/staff';
import { api } from '../../../lib/api';

export type { Approval, ApprovalThresholds };
export type ApprovalPage = z.infer<typeof approvalListResponse>['value'];
export type ThresholdsRequest = z.input<typeof approvalThresholdsRequest>;

export const PAGE_SIZE = 20;

/** The requests of one status, paged. */
export const listApprovals = (page: number, status: string) =>
  api<ApprovalPage>('GET', '/ops/approvals', { query: { status, page, pageSize: PAGE_SIZE } });

/** Approves or rejects a request (one `Idempotency-Key` per intent; a reason is required to reject). */
export const decideApproval = (id: string, decision: 'approve' | 'reject', reason: string, key: string) =>
  api<Approval>('POST', `/ops/approvals/${id}/${decision}`, {
    body: reason ? { reason } : {},
    idempotencyKey: key,
  });

export const getThresholds = () => api<ApprovalThresholds>('GET', '/ops/approvals/thresholds');

/** The owner's change of the thresholds (null: never), with its reason. */
export const setThresholds = (body: ThresholdsRequest) =>
  api<ApprovalThresholds>('PUT', '/ops/approvals/thresholds', { body });
