import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract, ContractSettlement, OfferContractRequest } from '@panalo/contract/contracts';
import { CONTRACT_API, contractCallPath, type ContractKind } from '@panalo/contract/contract-terms';
import { apiGet, apiRequest } from '../../../lib/api';
import { useSession } from '../../../lib/session';

export const contractKeys = {
  all: ['contracts'] as const,
  mine: (token: string) => ['contracts', 'mine', token] as const,
  requests: (token: string) => ['contracts', 'requests', token] as const,
};

/** Spec §3 contract request reply: per kind the waiting offer's id, '' when none. */
export type ContractRequests = Record<
  'dailysalreqtype' | 'divtypecompperiodreq' | 'contracthoursalreq',
  string
>;

export const getContractRequests = (signal?: AbortSignal) =>
  apiGet<ContractRequests>(CONTRACT_API.requests, signal ? { signal } : {});

const mineQueryOptions = (token: string) =>
  queryOptions({
    queryKey: contractKeys.mine(token),
    queryFn: ({ signal }) => apiGet<{ list: Contract[] }>(CONTRACT_API.mine, { signal }),
  });

/** My contracts of one kind, newest first. */
export function useMyContracts(kind: ContractKind) {
  const token = useSession()?.token ?? '';
  return useQuery({
    ...mineQueryOptions(token),
    enabled: token !== '',
    select: (v) => v.list.filter((c) => c.kind === kind),
  });
}

export type MemberDecision = 'accept' | 'refuse' | 'terminate';
export const decideContract = (id: string, decision: MemberDecision) =>
  apiRequest<Contract>('POST', CONTRACT_API.decide.replace(':id', id).replace(':decision', decision));

/** A direct downline's contracts, for its upline (GET /api/agent/contracts/downline). */
export function useDownlineContracts(memberId: string | null) {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: ['contracts', 'downline', token, memberId ?? ''] as const,
    queryFn: ({ signal }) =>
      apiGet<{ list: Contract[] }>(CONTRACT_API.downline, { query: { memberId: memberId ?? '' }, signal }),
    enabled: token !== '' && memberId !== null,
  });
}

/** My own contracts, all kinds (what I can share). */
export function useAllMyContracts() {
  const token = useSession()?.token ?? '';
  return useQuery({ ...mineQueryOptions(token), enabled: token !== '' });
}

export const offerContract = (body: OfferContractRequest) =>
  apiRequest<Contract>('POST', CONTRACT_API.offers, { body });

export const withdrawContract = (id: string, decision: 'withdraw' | 'terminate') =>
  apiRequest<Contract>('POST', CONTRACT_API.decide.replace(':id', id).replace(':decision', decision));

// Settlements and the running period (the spec's per-kind calls, §7).
export interface ContractCurrent {
  period: string;
  periodStart: string;
  periodEnd: string;
  version: number;
  turnover: string;
  active: number;
  netLoss: string;
  tier: number | null;
  rate: string;
  capped: boolean;
  estimate: string;
}

/** current: the running period's figures under my contract of the kind and what it would pay now. */
export function useContractCurrent(kind: ContractKind, enabled = true) {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: ['contracts', 'current', token, kind] as const,
    queryFn: ({ signal }) => apiGet<ContractCurrent | null>(contractCallPath(kind, 'current'), { signal }),
    enabled: enabled && token !== '',
  });
}

/**
 * history (mine) or payout/query (my direct downlines'): settlements of the kind, newest first; with
 * `memberId`, one direct downline's only (GET /api/agent/contracts/settlements).
 */
export function useSettlements(kind: ContractKind, side: 'mine' | 'downline', memberId?: string) {
  const token = useSession()?.token ?? '';
  const call = side === 'mine' ? 'history' : kind === 'dividend' ? 'payout' : 'query';
  return useQuery({
    queryKey: ['contracts', 'settlements', token, kind, side, memberId ?? ''] as const,
    queryFn: ({ signal }) =>
      memberId
        ? apiGet<{ list: ContractSettlement[]; owed: string }>(CONTRACT_API.settlements, {
            query: { side, kind, memberId },
            signal,
          })
        : apiGet<{ list: ContractSettlement[]; owed: string }>(contractCallPath(kind, call), { signal }),
    enabled: token !== '',
  });
}

/** Pays one settlement I owe a direct downline, from my wallet. */
export const paySettlement = (id: string) =>
  apiRequest<ContractSettlement>('POST', CONTRACT_API.paySettlement.replace(':id', id));

/** process (POST): pay what I owe my downlines of the kind from my wallet while it lasts. */
export const payWhatIOwe = (kind: ContractKind) =>
  apiRequest<{ paid: number; left: number; iOwe: string }>('POST', contractCallPath(kind, 'process'));
