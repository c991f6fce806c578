import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@panalo/contract/common';
import {
  teamKpiQuery,
  teamKpiResponse,
  teamMembersQuery,
  teamMembersResponse,
  teamOverviewResponse,
  teamPnlQuery,
  teamPnlResponse,
  teamRangeQuery,
  rebateQuery,
  rebateResponse,
  setRebateRequest,
  openDownlineRequest,
  openDownlineResponse,
  quotasResponse,
  giveQuotaRequest,
  usernameCheckQuery,
  usernameCheckResponse,
  rebateIncomeQuery,
  rebateIncomeResponse,
  downlineTransferRequest,
  downlineTransferResponse,
  affiliateLinkParams,
  affiliateLinkResponse,
  affiliateLinksQuery,
  affiliateLinksResponse,
  createAffiliateLinkRequest,
  deletedAffiliateLinkResponse,
  registerLinkResponse,
  teamBetsQuery,
  teamBetsResponse,
} from '@panalo/contract/agent';
import { AGENT_API, AGENT_FEATURE } from '@panalo/contract/agent-menu';
import { teamService } from './team.service';
import { rebateService } from './rebate.service';
import { downlineService } from './downline.service';
import { rebateIncomeService } from './rebate-income';
import { downlineTransferService } from './transfer.service';
import { affiliateLinkService } from './affiliate-links';
import { positiveAmount, requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };
const tags = ['agent'];

/**
 * The agency centre's team reports. Every route is for agents only (member types other than 0, 4 and
 * 40, never staff: config.auth 'agent'), behind the merchant's permission key of its grid entry, and
 * reads the caller's own team: the agent is the session's member, never a parameter.
 */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Team reports may be a moment old: read from the replica (issue 54).
  const team = teamService(app.ctx.reads.db, app.ctx.clock);
  const rebates = rebateService(app.ctx.db, app.ctx.clock);
  const downlines = downlineService(app.ctx);
  const income = rebateIncomeService(app.ctx.db, app.ctx.clock);
  const transfers = downlineTransferService(app.ctx.db, app.ctx.clock, app.ctx.limits);
  const links = affiliateLinkService(app.ctx.db, app.ctx.clock);
  const terms = (req: FastifyRequest) => ({
    merchantId: req.merchant.id,
    agentId: req.session!.memberId,
    settings: req.merchant.settings,
  });
  const agent = (req: FastifyRequest) => ({
    merchantId: req.merchant.id,
    currency: req.merchant.currency,
    agentId: req.session!.memberId,
  });

  app.get(
    AGENT_API.kpi,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary:
          'Team KPI footer (spec §3): logged-in, betting and registered members of the range, online now',
        querystring: teamKpiQuery,
        response: { 200: teamKpiResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: { footer: await team.kpi(agent(req), req.query) } }),
  );

  app.get(
    AGENT_API.overview,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.overview },
      schema: {
        tags,
        summary:
          'Team overview over a range of at most 90 days: sizes, registrations, money, a series per day',
        querystring: teamRangeQuery,
        response: { 200: teamOverviewResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await team.overview(agent(req), req.query) }),
  );

  app.get(
    AGENT_API.members,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.members },
      schema: {
        tags,
        summary: "Team management: a team member's direct downlines, or a username search over the team",
        querystring: teamMembersQuery,
        response: { 200: teamMembersResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await team.members(agent(req), req.query) }),
  );

  app.get(
    AGENT_API.pnl,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.pnl },
      schema: {
        tags,
        summary:
          "Team profit and loss over a range: the (parent's) team total and each direct downline's line, or a search",
        querystring: teamPnlQuery,
        response: { 200: teamPnlResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await team.pnl(agent(req), req.query) }),
  );

  app.get(
    AGENT_API.rebateIncome,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.rebateIncome },
      schema: {
        tags,
        summary:
          'The agent’s rebate income: days paid by the rebate run, the lines behind them, and today so far',
        querystring: rebateIncomeQuery,
        response: { 200: rebateIncomeResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await income.report(agent(req), req.query) }),
  );

  app.post(
    AGENT_API.transfers,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.transfers },
      schema: {
        tags,
        summary:
          'Transfer to several downlines of the team at once: all or nothing, payment password, Idempotency-Key',
        body: downlineTransferRequest,
        response: { 200: downlineTransferResponse, 409: errorBody, 429: errorBody, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      const r = await transfers.transfer({
        ...agent(req),
        lines: req.body.lines.map((l) => ({
          memberId: BigInt(l.memberId),
          amount: positiveAmount(l.amount),
        })),
        paymentPassword: req.body.paymentPassword,
        key,
      });
      return sendIdempotent(reply, r);
    },
  );

  app.get(
    AGENT_API.rebate,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.rebate },
      schema: {
        tags,
        summary:
          "Rebate settings: the agent's own rates, and a direct downline's with the range each may be set to",
        querystring: rebateQuery,
        response: { 200: rebateResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await rebates.view(terms(req), req.query.memberId ? BigInt(req.query.memberId) : undefined),
    }),
  );

  app.put(
    AGENT_API.rebate,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.rebate },
      schema: {
        tags,
        summary:
          "Raise a direct downline's rebate rates (never lower, never above the agent's own less the gap)",
        body: setRebateRequest,
        response: { 200: rebateResponse, 409: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await rebates.set(terms(req), BigInt(req.body.memberId), req.body.rates),
    }),
  );

  app.get(
    AGENT_API.quotas,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The agent's opening quotas per rate, and the rate up to which openings are free",
        response: { 200: quotasResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await downlines.quotas(req.merchant, req.session!.memberId),
    }),
  );

  app.post(
    AGENT_API.giveQuota,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.rebate },
      schema: {
        tags,
        summary: 'Hand some of my opening quotas at a rate down to a direct sub-agent (audited)',
        body: giveQuotaRequest,
        response: { 200: quotasResponse, 409: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await downlines.giveQuota(req.merchant, req.session!.memberId, {
        memberId: BigInt(req.body.memberId),
        rate: req.body.rate,
        count: req.body.count,
      }),
    }),
  );

  app.get(
    AGENT_API.usernameCheck,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'Whether a username is still free at this merchant (for the account an agent opens)',
        querystring: usernameCheckQuery,
        response: { 200: usernameCheckResponse, 429: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: {
        available: await downlines.usernameAvailable(req.merchant, req.session!.memberId, req.query.username),
      },
    }),
  );

  app.post(
    AGENT_API.downlines,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary:
          'Open an account in my team (a player or an agent) at rates below mine by the gap; a rate above the free threshold spends a quota',
        body: openDownlineRequest,
        response: { 200: openDownlineResponse, 409: errorBody, 429: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await downlines.open(req.merchant, req.session!.memberId, req.body),
    }),
  );

  app.get(
    AGENT_API.bets,
    {
      config: { auth: 'agent', feature: AGENT_FEATURE.bets },
      schema: {
        tags,
        summary: "Team betting: my team's bets of a range (games and lottery), newest first, with totals",
        querystring: teamBetsQuery,
        response: { 200: teamBetsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await team.bets({ ...agent(req), language: req.merchant.default_language }, req.query),
    }),
  );

  app.get(
    AGENT_API.affiliate,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'My invitation code and the downline register link (made on first ask)',
        response: { 200: registerLinkResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await links.registerLink(req.merchant, req.session!.memberId),
    }),
  );

  app.get(
    AGENT_API.affiliateLinks,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'My open invitation links, newest first',
        querystring: affiliateLinksQuery,
        response: { 200: affiliateLinksResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await links.list(req.merchant, req.session!.memberId, req.query),
    }),
  );

  app.post(
    AGENT_API.affiliateLinks,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary:
          'A new invitation link: the type and rates a registration through it gets (below mine by the gap; above the free threshold it spends a quota) and an expiry',
        body: createAffiliateLinkRequest,
        response: { 200: affiliateLinkResponse, 409: errorBody, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await links.create(req.merchant, req.session!.memberId, req.body),
    }),
  );

  app.delete(
    `${AGENT_API.affiliateLinks}/:id`,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'Deletes one of my links (its code stops working); unused, it gives its quota back',
        params: affiliateLinkParams,
        response: { 200: deletedAffiliateLinkResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await links.remove(req.merchant, req.session!.memberId, BigInt(req.params.id)),
    }),
  );
};
