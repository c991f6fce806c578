import type { z } from 'zod';
import type {
  ContractSettlement,
  OpsContractTerms,
  opsContractRunsResponse,
  opsContractTermsRequest,
} from '@panalo/contract/contracts';
import { api } from '../../../lib/api';

export type { ContractSettlement, OpsContractTerms };
/** No contract schema for this answer: the route declares it inline (`contracts.routes.ts`). */
export type SettlementList = { list: ContractSettlement[] };
export type ContractRuns = z.infer<typeof opsContractRunsResponse>['value'];
export type ContractRun = ContractRuns['list'][number];
export type ContractTermsRequest = z.input<typeof opsContractTermsRequest>;

/** The settlements of one status, newest first (the first 100, not paged). */
export const listSettlements = (status: string) =>
  api<SettlementList>('GET', '/ops/contracts/settlements', { query: { status, limit: 100 } });

/** Force-pays or voids an owed settlement. */
export const resolveSettlement = (id: string, action: 'pay' | 'void', reason: string) =>
  api<ContractSettlement>('POST', `/ops/contracts/settlements/${id}/${action}`, { body: { reason } });

export const getContractTerms = () => api<OpsContractTerms>('GET', '/ops/contracts/terms');

export const setContractTerms = (body: ContractTermsRequest) =>
  api<OpsContractTerms>('PUT', '/ops/contracts/terms', { body });

/** Settles every contract period due now, as the jobs do. */
export const runDueContracts = () => api<ContractRuns>('POST', '/ops/contracts/runs');
