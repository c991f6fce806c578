import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract, OfferContractRequest } from '@panalo/contract/contracts';
import { CONTRACT_API, type ContractKind } from '@panalo/contract/contract-terms';
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
