import type { z } from 'zod';
import type {
  Withdrawal,
  opsAdjustmentRequest,
  opsAdjustmentResponse,
  opsDeposit,
  opsDepositListResponse,
  opsWithdrawal,
  opsWithdrawalListResponse,
} from '@panalo/contract/cashier';
import type { approvalPendingResponse } from '@panalo/contract/staff';
import { api } from '../../../lib/api';

export type OpsDeposit = z.infer<typeof opsDeposit>;
export type OpsWithdrawal = z.infer<typeof opsWithdrawal>;
export type DepositPage = z.infer<typeof opsDepositListResponse>['value'];
export type WithdrawalPage = z.infer<typeof opsWithdrawalListResponse>['value'];
export type AdjustmentRequest = z.infer<typeof opsAdjustmentRequest>;
export type Adjusted = z.infer<typeof opsAdjustmentResponse>['value'];
/** The 202 answer: the operation waits for a second staff member (the approvals queue). */
export type ApprovalPending = z.infer<typeof approvalPendingResponse>['value'];

export const PAGE_SIZE = 20;

export const listDeposits = (page: number, status: string, filters: Record<string, string> = {}) =>
  api<DepositPage>('GET', '/ops/deposits', { query: { page, pageSize: PAGE_SIZE, status, ...filters } });

export const decideDeposit = (id: string, decision: 'approve' | 'reject', reason: string, key: string) =>
  api<OpsDeposit>('POST', `/ops/deposits/${id}/${decision}`, {
    body: reason ? { reason } : {},
    idempotencyKey: key,
  });

export const listWithdrawals = (page: number, status: string, filters: Record<string, string> = {}) =>
  api<WithdrawalPage>('GET', '/ops/withdrawals', {
    query: { page, pageSize: PAGE_SIZE, status, ...filters },
  });

/** The decision; a payment above the merchant's threshold answers 202: it waits for a second staff member. */
export const decideWithdrawal = (id: string, decision: 'approve' | 'reject', reason: string, key: string) =>
  api<Withdrawal | ApprovalPending>('POST', `/ops/withdrawals/${id}/${decision}`, {
    body: reason ? { reason } : {},
    idempotencyKey: key,
  });

/** A signed balance adjustment with its reason; above the merchant's threshold it answers 202 (pending). */
export const adjustBalance = (body: AdjustmentRequest, key: string) =>
  api<Adjusted | ApprovalPending>('POST', '/ops/adjustments', { body, idempotencyKey: key });
