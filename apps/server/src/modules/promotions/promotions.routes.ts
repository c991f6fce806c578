import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@panalo/contract/common';
import { noticeQuery } from '@panalo/contract/content';
import {
  applicationFields,
  missionsResponse,
  applicationImageParams,
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
import { APPLY_LIMITS, PROMO_API } from '@panalo/contract/promotion-rules';
import { DomainError } from '../../lib/domain-error';
import { imageFormLimits, readImageForm, sendImage } from '../../lib/image-form';
import { readerScope } from '../staff/staff.policy';
import { staffService } from '../staff/staff.service';
import { applicationService } from './application.service';
import { missionService } from './mission.service';
import { promotionsOpsRoutes } from './promotions.ops.routes';
import { promotionsService } from './promotions.service';
import { rebateService } from './rebate.service';
import { referralService } from './referral.service';
import { vipService } from './vip.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['promotions'];

/**
 * Promotions and the reward centre (issue 18): the activity centre, daily check-in, claiming rewards; the
 * operator's routes are promotions.ops.routes.ts'.
 */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = promotionsService(app.ctx.db, app.ctx.clock);
  const vip = vipService(app.ctx.db, app.ctx.clock);
  const referral = referralService(app.ctx.db, app.ctx.clock);
  const rebate = rebateService(app.ctx.db, app.ctx.clock);
  const applications = applicationService(app.ctx.db, app.ctx.clock, app.ctx.files);
  const staff = staffService(app.ctx.db, app.ctx.clock);
  const missions = missionService(app.ctx.db, app.ctx.clock);
  await app.register(multipart, imageFormLimits(APPLY_LIMITS));

  // The activity centre's banners (issue 49 item 6): painted per promotion, cached by their version.
  app.get(
    '/promotions/art/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^\d{1,18}\.svg$/) }) } },
    async (req, reply) => {
      const svg = await service.art(req.merchant, BigInt(req.params.file.slice(0, -4)));
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(svg);
    },
  );

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

  app.get(
    PROMO_API.missions,
    {
      schema: {
        tags,
        summary:
          'Mission activity: missions with my progress this period, leaderboard races with the ranking',
        querystring: noticeQuery,
        response: { 200: missionsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await missions.view(req.merchant, req.session?.memberId ?? null, req.query.lang),
    }),
  );

  app.post(
    PROMO_API.missionClaim,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Claim a mission’s reward once its goal is reached this period (credited at once)',
        params: promotionIdParams,
        response: { 200: rewardResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await missions.claim(req.merchant, req.session!.memberId, BigInt(req.params.id)),
    }),
  );

  app.post(
    PROMO_API.apply,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary:
          'Apply to an application promotion: multipart/form-data with comment (≤ 140 characters) and up to 3 png/jpg images ≤ 5 MB',
        consumes: ['multipart/form-data'],
        params: promotionIdParams,
        response: { 200: rewardResponse, ...errors },
      },
    },
    async (req) => {
      const { fields, images } = await readImageForm(req, APPLY_LIMITS);
      const parsed = applicationFields.safeParse(fields);
      if (!parsed.success)
        throw new DomainError('comment_too_long', 400, 'The comment is longer than 140 characters', {
          max: APPLY_LIMITS.commentMax,
        });
      return {
        success: true as const,
        value: await applications.apply(req.merchant, req.session!.memberId, BigInt(req.params.id), {
          comment: parsed.data.comment,
          images,
        }),
      };
    },
  );

  app.get(
    PROMO_API.applicationImage,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'One image of my application (staff: of the merchant’s applications)',
        params: applicationImageParams,
      },
    },
    async (req, reply) => {
      const img = await applications.image(
        req.merchant.id,
        await readerScope(staff, req.merchant.id, req.session!, 'promotions'),
        BigInt(req.params.id),
        req.params.n,
      );
      return sendImage(reply, img);
    },
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

  await app.register(promotionsOpsRoutes);
};
