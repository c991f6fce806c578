import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  contractDecisionParams,
  contractRequestsResponse,
  contractResponse,
  contractsResponse,
  downlineContractsQuery,
  offerContractRequest,
  opsOfferContractRequest,
} from '@panalo/contract/contracts';
import { CONTRACT_API, hasContracts } from '@panalo/contract/contract-terms';
import { contractService } from './contracts.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
};
const tags = ['agent'];

/**
 * Agent contracts (issue 17): the member's own contracts and the spec's request reply (any member with a
 * session), an upline's offers to its direct downlines (agents), the operator's offers to top agents.
 * Whose contract it is comes from the session, never from a parameter the caller could change.
 */
export const contractsRoutes: FastifyPluginAsyncZod = async (app) => {
  const contracts = contractService(app.ctx.db, app.ctx.clock);

  app.get(
    CONTRACT_API.requests,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary:
          'Contract request reply (spec §3): per kind, the waiting offer’s id, empty when none (types 4, 40, 41, 42: always empty)',
        response: { 200: contractRequestsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: hasContracts(req.session!.type)
        ? await contracts.requests(req.session!.memberId)
        : { dailysalreqtype: '', divtypecompperiodreq: '', contracthoursalreq: '' },
    }),
  );

  app.get(
    CONTRACT_API.mine,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'My contracts of every kind, newest first: offers waiting, the active ones, the past ones',
        response: { 200: contractsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: { list: await contracts.mine(req.session!.memberId) } }),
  );

  app.post(
    CONTRACT_API.offers,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary:
          'Offer a direct downline a contract: tiers that never pay more than my own active contract of the kind',
        body: offerContractRequest,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await contracts.offer(req.merchant.id, req.session!.memberId, req.body),
    }),
  );

  app.get(
    CONTRACT_API.downline,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'A direct downline’s contracts (what I offered it, what it runs)',
        querystring: downlineContractsQuery,
        response: { 200: contractsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: {
        list: await contracts.ofDownline(req.merchant.id, req.session!.memberId, BigInt(req.query.memberId)),
      },
    }),
  );

  app.post(
    CONTRACT_API.decide,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary:
          'accept / refuse an offer made to me; withdraw an offer I made; terminate an active contract (from the next period)',
        params: contractDecisionParams,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await contracts.decide(
        req.merchant,
        req.session!.memberId,
        BigInt(req.params.id),
        req.params.decision,
      ),
    }),
  );

  app.post(
    '/ops/contracts',
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['ops'],
        summary: 'Offer a top agent (no upline) a contract (audited with the reason)',
        body: opsOfferContractRequest,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await contracts.offerAsOperator(req.merchant.id, req.session!.memberId, req.body),
    }),
  );
};
