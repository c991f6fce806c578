import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@panalo/contract/common';
import { AGENT_FEATURE } from '@panalo/contract/agent-menu';
import {
  claimRainRequest,
  claimRainResponse,
  openRainsResponse,
  rainDetailResponse,
  rainIdParams,
  rainsResponse,
  rainSummaryResponse,
  scheduleRainRequest,
} from '@panalo/contract/rain';
import { RAIN_API } from '@panalo/contract/rain-rules';
import { requireIdempotencyKey, sendIdempotent } from '../wallet/money-request';
import { rainService } from './rain.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['agent'];

/**
 * Red envelope rain (issue 17, /m/redRain; agent grid permission AGENTRANSMULTDOWN3). The agent side
 * needs an agent's session and the merchant's permission; a claim needs a member of the rain's audience
 * (checked in the claim itself, from the session's member, never from a parameter).
 */
export const rainRoutes: FastifyPluginAsyncZod = async (app) => {
  const rains = rainService(app.ctx.db, app.ctx.clock, app.ctx.limits);
  const caller = (req: FastifyRequest) => ({
    merchantId: req.merchant.id,
    currency: req.merchant.currency,
    memberId: req.session!.memberId,
  });
  const agent = { auth: 'agent' as const, feature: AGENT_FEATURE.transfers };

  app.post(
    RAIN_API.agentRains,
    {
      config: agent,
      schema: {
        tags,
        summary:
          "Schedule a red envelope rain: the budget leaves the agent's wallet now, split into envelopes (payment password, Idempotency-Key)",
        body: scheduleRainRequest,
        response: { 200: rainSummaryResponse, 429: errorBody, ...errors },
      },
    },
    async (req, reply) => {
      const key = requireIdempotencyKey(req);
      return sendIdempotent(reply, await rains.schedule(caller(req), req.body, key));
    },
  );

  app.get(
    RAIN_API.agentRains,
    {
      config: agent,
      schema: {
        tags,
        summary: "The agent's rains, newest first, with what was claimed and returned",
        response: { 200: rainsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: { list: await rains.list(caller(req)) } }),
  );

  app.get(
    RAIN_API.agentRain,
    {
      config: agent,
      schema: {
        tags,
        summary: "One of the agent's rains and its latest claims (who, which claim, how much)",
        params: rainIdParams,
        response: { 200: rainDetailResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await rains.detail(caller(req), BigInt(req.params.id)),
    }),
  );

  app.post(
    RAIN_API.cancel,
    {
      config: agent,
      schema: {
        tags,
        summary: 'Cancel a rain before its window opens: the whole budget returns to the agent',
        params: rainIdParams,
        response: { 200: rainSummaryResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await rains.cancel(caller(req), BigInt(req.params.id)),
    }),
  );

  app.get(
    RAIN_API.open,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: "The uplines' rains this member may claim from (upcoming, open, just over) and what it won",
        response: { 200: openRainsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: { list: await rains.open(caller(req)) } }),
  );

  app.post(
    RAIN_API.claim,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary:
          "Open an envelope: the member's claim number n (1…limit) takes one envelope; the same n again answers the same envelope",
        params: rainIdParams,
        body: claimRainRequest,
        response: { 200: claimRainResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await rains.claim(caller(req), BigInt(req.params.id), req.body.claim),
    }),
  );
};
