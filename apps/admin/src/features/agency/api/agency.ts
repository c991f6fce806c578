import type { z } from 'zod';
import type {
  OpsAgencyTerms,
  OpsAgentRates,
  OpsAgentTree,
  opsAgencyTermsRequest,
  opsAgentRatesRequest,
  opsAgentRatesResponse,
  opsMoveRequest,
  opsMoveResponse,
  opsQuotaRequest,
  opsQuotaResponse,
  opsRebateRunsResponse,
  opsRunRebatesResponse,
} from '@panalo/contract/agent';
import { api } from '../../../lib/api';

export type { OpsAgencyTerms, OpsAgentRates, OpsAgentTree };
export type { OpsRebateRun, OpsTreeMember } from '@panalo/contract/agent';
export type RebateRunsPage = z.infer<typeof opsRebateRunsResponse>['value'];
export type RebateRunsDone = z.infer<typeof opsRunRebatesResponse>['value'];
export type AgencyTermsRequest = z.input<typeof opsAgencyTermsRequest>;
export type AgentRatesRequest = z.input<typeof opsAgentRatesRequest>;
export type AgentRatesSet = z.infer<typeof opsAgentRatesResponse>['value'];
export type QuotaRequest = z.input<typeof opsQuotaRequest>;
export type QuotaSet = z.infer<typeof opsQuotaResponse>['value'];
export type MoveRequest = z.input<typeof opsMoveRequest>;
export type Moved = z.infer<typeof opsMoveResponse>['value'];

export const PAGE_SIZE = 20;

/** The agency's terms: the highest rate per product, the upline's gap, the free threshold. */
export const getAgencyTerms = () => api<OpsAgencyTerms>('GET', '/ops/agency/terms');

export const setAgencyTerms = (body: AgencyTermsRequest) =>
  api<OpsAgencyTerms>('PUT', '/ops/agency/terms', { body });

/** The daily rebate runs, newest first. */
export const listRebateRuns = (page: number) =>
  api<RebateRunsPage>('GET', '/ops/agency/rebate-runs', { query: { page, pageSize: PAGE_SIZE } });

/** Runs the rebate days that are due now. */
export const runRebates = () => api<RebateRunsDone>('POST', '/ops/agency/rebate-runs');

/** One node's direct downline (the top agents without `under`), with the path above it. */
export const getAgentTree = (under: string, agentsOnly: boolean, page: number) =>
  api<OpsAgentTree>('GET', '/ops/agency/tree', {
    query: {
      ...(under ? { under } : {}),
      agentsOnly: agentsOnly ? '1' : '0',
      page,
      pageSize: PAGE_SIZE,
    },
  });

/** A member's rates and the range the operator may set each to. */
export const getAgentRates = (username: string) =>
  api<OpsAgentRates>('GET', '/ops/agency/rates', { query: { username } });

export const setAgentRates = (body: AgentRatesRequest) =>
  api<AgentRatesSet>('PUT', '/ops/agency/rates', { body });

export const setQuota = (body: QuotaRequest) => api<QuotaSet>('PUT', '/ops/agency/quotas', { body });

/** Moves a member under another upline (null: to the top). */
export const moveMember = (body: MoveRequest) => api<Moved>('POST', '/ops/agency/move', { body });
