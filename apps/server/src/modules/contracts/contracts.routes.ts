import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, ok } from '@panalo/contract/common';
import {
  contractDecisionParams,
  contractRequestsResponse,
  contractResponse,
  contractSettlement,
  contractsResponse,
  downlineContractsQuery,
  offerContractRequest,
  opsContractRunsResponse,
  opsContractTermsRequest,
  opsContractTermsResponse,
  opsOfferContractRequest,
  opsResolveSettlementRequest,
  opsSettlementParams,
  opsSettlementsQuery,
  settlementIdParams,
  settlementResponse,
  settlementsQuery,
  settlementsResponse,
} from '@panalo/contract/contracts';
import { z } from 'zod';
import { CONTRACT_API, hasContracts } from '@panalo/contract/contract-terms';
import { contractService } from './contracts.service';
import { runDueContracts } from './settlement';
import { contractSettings } from './settlement-maths';
import { contractTermsView, setContractTerms, settlementsService } from './settlements.service';

/** The answers every contract route may give besides its 200 (shared by contract-calls.routes.ts). */
export const errors = {
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
  const settlements = settlementsService(app.ctx.db, app.ctx.clock);
  const ops = { auth: 'operator' as const, permission: 'contracts' as const };

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
      config: { auth: 'operator', permission: 'contracts' },
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

  app.get(
    CONTRACT_API.settlements,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary:
          'Settlements with their figures: mine (what my contracts paid or owe me) or downline (what I paid or owe my direct downlines), newest first',
        querystring: settlementsQuery,
        response: { 200: settlementsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await settlements.list(req.session!.memberId, req.query),
    }),
  );

  app.post(
    CONTRACT_API.paySettlement,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'Pay what I owe a direct downline from my wallet (a settlement left owed when I was short)',
        params: settlementIdParams,
        response: { 200: settlementResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await settlements.payAsUpline(req.merchant, req.session!.memberId, BigInt(req.params.id)),
    }),
  );

  app.get(
    '/ops/contracts/settlements',
    {
      config: ops,
      schema: {
        tags: ['ops'],
        summary:
          'Contract settlements of this merchant: owed first, then newest first; by status, kind, member',
        querystring: opsSettlementsQuery,
        response: { 200: ok(z.object({ list: z.array(contractSettlement) })), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { list: await settlements.opsList(req.merchant.id, req.query) },
    }),
  );

  app.post(
    '/ops/contracts/settlements/:id/:action',
    {
      config: ops,
      schema: {
        tags: ['ops'],
        summary: 'Force-pay an owed settlement from the platform, or void it (audited with the reason)',
        params: opsSettlementParams,
        body: opsResolveSettlementRequest,
        response: { 200: settlementResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await settlements.resolveAsOperator(
        req.merchant,
        req.session!.memberId,
        BigInt(req.params.id),
        req.params.action,
        req.body.reason,
      ),
    }),
  );

  app.get(
    '/ops/contracts/terms',
    {
      config: ops,
      schema: {
        tags: ['ops'],
        summary:
          'The merchant’s contract terms: who pays, the active member, dividend cadence and carry-over, cut-off',
        response: { 200: opsContractTermsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: contractTermsView(contractSettings(req.merchant.settings)),
    }),
  );

  app.put(
    '/ops/contracts/terms',
    {
      config: ops,
      schema: {
        tags: ['ops'],
        summary: 'Change the merchant’s contract terms (audited with the reason)',
        body: opsContractTermsRequest,
        response: { 200: opsContractTermsResponse, ...errors },
      },
    },
    async (req) => {
      const value = await setContractTerms(
        app.ctx.db,
        app.ctx.clock,
        { merchantId: req.merchant.id, staffId: req.session!.memberId },
        req.body,
      );
      app.ctx.merchants.clearCache();
      return { success: true as const, value };
    },
  );

  app.post(
    '/ops/contracts/runs',
    {
      config: ops,
      schema: {
        tags: ['ops'],
        summary:
          'Settle every contract period of this merchant that is due now (what the jobs do; catches up)',
        response: { 200: opsContractRunsResponse, ...errors },
      },
    },
    async (req) => {
      const r = await runDueContracts(app.ctx.db, app.ctx.clock, { merchantId: req.merchant.id });
      return {
        success: true as const,
        value: {
          list: r.map(({ kind, period, settled, busy, waiting }) => ({
            kind,
            period,
            settled,
            busy,
            waiting,
          })),
        },
      };
    },
  );
};
