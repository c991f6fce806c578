import type { z } from 'zod';
import type {
  opsDeposit,
  opsDepositListResponse,
  opsWithdrawal,
  opsWithdrawalListResponse,
} from '@panalo/contract/cashier';
import type { Approval } from '@panalo/contract/staff';
import { api } from '../../lib/api';

export type OpsDeposit = z.infer<typeof opsDeposit>;
export type OpsWithdrawal = z.infer<typeof opsWithdrawal>;
export type DepositPage = z.infer<typeof opsDepositListResponse>['value'];
export type WithdrawalPage = z.infer<typeof opsWithdrawalListResponse>['value'];

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
  api<OpsWithdrawal | { pending: true; approval: Approval }>('POST', `/ops/withdrawals/${id}/${decision}`, {
    body: reason ? { reason } : {},
    idempotencyKey: key,
  });
