import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import { noticeQuery } from '@panalo/contract/content';
import {
  grantRequest,
  grantResponse,
  opsPromotionListResponse,
  promotionIdParams,
  promotionListResponse,
  rebateReportQuery,
  rebateReportResponse,
  rebateViewResponse,
  rewardListResponse,
  rewardResponse,
  referralResponse,
  vipBenefitsResponse,
} from '@panalo/contract/promotions';
import { PROMO_API } from '@panalo/contract/promotion-rules';
import { promotionsService } from './promotions.service';
import { rebateService } from './rebate.service';
import { referralService } from './referral.service';
import { vipService } from './vip.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['promotions'];

/** Promotions and the reward centre (issue 18): the activity centre, daily check-in, claiming rewards. */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = promotionsService(app.ctx.db, app.ctx.clock);
  const vip = vipService(app.ctx.db, app.ctx.clock);
  const referral = referralService(app.ctx.db, app.ctx.clock);
  const rebate = rebateService(app.ctx.db, app.ctx.clock);

  app.get(
    PROMO_API.list,
    {
      schema: {
        tags,
        summary: 'The merchant’s promotions, each with my status (PROMO-007) when signed in',
        querystring: noticeQuery,
        response: { 200: promotionListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.list(req.merchant, req.session?.memberId ?? null, req.query.lang),
    }),
  );

  app.get(
    PROMO_API.available,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The promotions open to me now: not yet taken part in this period, or a reward to claim',
        querystring: noticeQuery,
        response: { 200: promotionListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.available(req.merchant, req.session!.memberId, req.query.lang),
    }),
  );

  app.get(
    PROMO_API.referral,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary:
          'Invite friends: my referral code and link, the reward’s rule, the friends I invited (PROMO-003)',
        querystring: noticeQuery,
        response: { 200: referralResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await referral.view(req.merchant, req.session!.memberId, req.query.lang),
    }),
  );

  app.get(
    PROMO_API.benefits,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The VIP club: my level, my progress to the next, every level and its benefits (PROMO-002)',
        querystring: noticeQuery,
        response: { 200: vipBenefitsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await vip.benefits(req.merchant, req.session!.memberId, req.query.lang),
    }),
  );

  app.get(
    PROMO_API.rebate,
    {
      config: { auth: 'member', feature: 'MANPLAYREB3' },
      schema: {
        tags,
        summary: 'Manual rebate: today’s rebate so far per product group, at my VIP level’s rates',
        querystring: noticeQuery,
        response: { 200: rebateViewResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await rebate.view(req.merchant, req.session!.memberId, req.query.lang),
    }),
  );

  app.post(
    PROMO_API.rebateClaim,
    {
      config: { auth: 'realMember', feature: 'MANPLAYREB3' },
      schema: {
        tags,
        summary: 'Take today’s rebate so far now (the rest of the day is paid by the daily run)',
        response: { 200: rewardResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await rebate.claim(req.merchant, req.session!.memberId),
    }),
  );

  app.get(
    PROMO_API.rebateReport,
    {
      config: { auth: 'member', feature: 'PLYRBT' },
      schema: {
        tags,
        summary: 'My rebate: the rebates paid to me over a range of days, per product group',
        querystring: rebateReportQuery,
        response: { 200: rebateReportResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await rebate.report(req.session!.memberId, req.query),
    }),
  );

  app.post(
    PROMO_API.checkIn,
    {
      // Real-money promotions are for real accounts: a free-trial account is refused.
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Today’s check-in: once a day, paid by the streak of consecutive days',
        params: promotionIdParams,
        response: { 200: rewardResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.checkIn(req.merchant, req.session!.memberId, BigInt(req.params.id)),
    }),
  );

  app.get(
    PROMO_API.rewards,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'My reward centre: issued rewards to claim, then the latest others',
        querystring: noticeQuery,
        response: { 200: rewardListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.rewards(req.merchant, req.session!.memberId, req.query.lang),
    }),
  );

  app.post(
    PROMO_API.claim,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Claim an issued reward: credited once, with its turnover requirement',
        params: promotionIdParams,
        response: { 200: rewardResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.claim(req.merchant, req.session!.memberId, BigInt(req.params.id)),
    }),
  );

  app.get(
    PROMO_API.opsList,
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['ops'],
        summary: 'The merchant’s promotions with budget and amount granted',
        response: { 200: opsPromotionListResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.opsList(req.merchant.id, req.merchant.default_language),
    }),
  );

  app.post(
    PROMO_API.opsGrant,
    {
      config: { auth: 'operator' },
      schema: {
        tags: ['ops'],
        summary: 'Grant a reward of a promotion to members (issued into their reward centre; audited)',
        params: promotionIdParams,
        body: grantRequest,
        response: { 200: grantResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await service.grant(req.merchant, req.session!.memberId, BigInt(req.params.id), req.body),
    }),
  );
};
