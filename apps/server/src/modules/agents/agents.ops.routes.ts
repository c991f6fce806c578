import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@panalo/contract/common';
import {
  opsAgencyTermsRequest,
  opsAgencyTermsResponse,
  opsAgentRatesRequest,
  opsAgentTreeQuery,
  opsAgentTreeResponse,
  opsAgentRatesResponse,
  opsAgentRatesQuery,
  opsAgentRatesViewResponse,
  opsMoveRequest,
  opsMoveResponse,
  opsQuotaRequest,
  opsQuotaResponse,
  opsRebateRunsQuery,
  opsRebateRunsResponse,
  opsRunRebatesResponse,
} from '@panalo/contract/agent';
import { agencyOpsService } from './agency.ops.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
};
const tags = ['ops'];

/**
 * The operator's agency calls (issue 16 item 9): terms, an agent's rates and quotas, moving a member,
 * the rebate runs. Operators only (config.auth 'operator'); every change is audited with its reason.
 */
export const agentsOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ops = agencyOpsService(app.ctx.db, app.ctx.clock);
  const operator = (req: FastifyRequest) => ({
    merchantId: req.merchant.id,
    operatorId: req.session!.memberId,
  });
  const config = { auth: 'operator' as const, permission: 'agency' as const };

  app.get(
    '/ops/agency/terms',
    {
      config,
      schema: {
        tags,
        summary: 'The merchant’s agency terms',
        response: { 200: opsAgencyTermsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.terms(req.merchant.id) }),
  );

  app.put(
    '/ops/agency/terms',
    {
      config,
      schema: {
        tags,
        summary:
          'Change the agency terms: rate ceilings, minimum gap, free threshold, player rebate (audited)',
        body: opsAgencyTermsRequest,
        response: { 200: opsAgencyTermsResponse, ...errors },
      },
    },
    async (req) => {
      const value = await ops.setTerms(operator(req), req.body);
      app.ctx.merchants.clearCache();
      return { success: true as const, value };
    },
  );

  app.get(
    '/ops/agency/tree',
    {
      config,
      schema: {
        tags,
        summary:
          'The agents’ tree: a member’s direct downline (the top agents without one), with team, turnover, rates and quotas',
        querystring: opsAgentTreeQuery,
        response: { 200: opsAgentTreeResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.tree(req.merchant.id, req.query) }),
  );

  app.get(
    '/ops/agency/rates',
    {
      config,
      schema: {
        tags,
        summary: 'A member’s rebate rates and the range an operator may set each to',
        querystring: opsAgentRatesQuery,
        response: { 200: opsAgentRatesViewResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.rates(req.merchant.id, req.query.username) }),
  );

  app.put(
    '/ops/agency/rates',
    {
      config,
      schema: {
        tags,
        summary:
          'Set a member’s rebate rates: lower or raise, within its upline’s less the gap and above its downlines (audited)',
        body: opsAgentRatesRequest,
        response: { 200: opsAgentRatesResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: { rates: await ops.setRates(operator(req), req.body.username, req.body.rates, req.body.reason) },
    }),
  );

  app.put(
    '/ops/agency/quotas',
    {
      config,
      schema: {
        tags,
        summary: 'Set how many openings above the free threshold an agent has left at a rate (audited)',
        body: opsQuotaRequest,
        response: { 200: opsQuotaResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.setQuota(
        operator(req),
        req.body.username,
        req.body.rate,
        req.body.remaining,
        req.body.reason,
      ),
    }),
  );

  app.post(
    '/ops/agency/move',
    {
      config,
      schema: {
        tags,
        summary:
          'Move a member and its team under another agent, or make it a top agent (audited; no cycles)',
        body: opsMoveRequest,
        response: { 200: opsMoveResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.move(operator(req), req.body.username, req.body.upline, req.body.reason),
    }),
  );

  app.get(
    '/ops/agency/rebate-runs',
    {
      config,
      schema: {
        tags,
        summary: 'The daily rebate runs, newest first: lines, turnover, amount, what was paid and when',
        querystring: opsRebateRunsQuery,
        response: { 200: opsRebateRunsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.runs(req.merchant.id, req.query.page, req.query.pageSize),
    }),
  );

  app.post(
    '/ops/agency/rebate-runs',
    {
      config,
      schema: {
        tags,
        summary: 'Run the rebate days that are due now (the job does it every few minutes; each pays once)',
        response: { 200: opsRunRebatesResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.runNow(operator(req)) }),
  );
};
