import type { z } from 'zod';
import type { opsDepositListResponse, opsWithdrawalListResponse } from '@panalo/contract/cashier';
import type { Dashboard } from '@panalo/contract/dashboard';
import type { opsFeedbackListResponse } from '@panalo/contract/feedback';
import type { opsApplicationListResponse } from '@panalo/contract/promotions';
import type { kycReviewListResponse } from '@panalo/contract/kyc';
import type { amlCasesResponse } from '@panalo/contract/aml';
import { api } from '../../../lib/api';

/**
 * A queue's first page: the answer of one of the lists home counts (it reads the `total`; the compliance
 * queues have none and answer their whole list, at most 500).
 */
export type QueuePage =
  | z.infer<typeof opsDepositListResponse>['value']
  | z.infer<typeof opsWithdrawalListResponse>['value']
  | z.infer<typeof opsApplicationListResponse>['value']
  | z.infer<typeof opsFeedbackListResponse>['value']
  | (z.infer<typeof kycReviewListResponse>['value'] & { total?: undefined })
  | (z.infer<typeof amlCasesResponse>['value'] & { total?: undefined });

/** One row of a queue's list at `path` in `status`, for its count. */
export const countQueue = (path: string, status: string) =>
  api<QueuePage>('GET', path, { query: { status, page: 1, pageSize: 1 } });

/** Game and lottery names in the console's language (the merchant's default where the catalogue has none). */
export const getDashboard = (language: string) =>
  api<Dashboard>('GET', '/ops/dashboard', { query: { language } });
