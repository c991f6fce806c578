import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/domain-error';
import { errorBody } from '@panalo/contract/common';
import { noticeQuery } from '@panalo/contract/content';
import {
  applicationFields,
  createPromotionRequest,
  missionsResponse,
  opsPromotionDetailResponse,
  opsVipLevelsResponse,
  updatePromotionRequest,
  vipLevelsRequest,
  applicationImageParams,
  grantRequest,
  opsApplicationListResponse,
  opsApplicationQuery,
  opsApplicationResponse,
  reviewRequest,
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
import { APPLY_LIMITS, PROMO_API } from '@panalo/contract/promotion-rules';
import { DomainError } from '../../lib/domain-error';
import { imageFormLimits, readImageForm, sendImage } from '../../lib/image-form';
import { readerScope } from '../staff/staff.policy';
import { staffService } from '../staff/staff.service';
import { applicationService } from './application.service';
import { missionService } from './mission.service';
import { promotionsOpsService } from './promotions.ops.service';
import { loadPromotions, promotionsService } from './promotions.service';
import { rebateService } from './rebate.service';
import { referralService } from './referral.service';
import { vipService } from './vip.service';
import { headlineOf, renderPromotionArt } from './promotion-art';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['promotions'];

/** Promotions and the reward centre (issue 18): the activity centre, daily check-in, claiming rewards. */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = promotionsService(app.ctx.db, app.ctx.clock);
  const vip = vipService(app.ctx.db, app.ctx.clock);
  const referral = referralService(app.ctx.db, app.ctx.clock);
  const rebate = rebateService(app.ctx.db, app.ctx.clock);
  const applications = applicationService(app.ctx.db, app.ctx.clock, app.ctx.files);
  const staff = staffService(app.ctx.db, app.ctx.clock);
  const ops = promotionsOpsService(app.ctx.db, app.ctx.clock);
  const missions = missionService(app.ctx.db, app.ctx.clock);
  await app.register(multipart, imageFormLimits(APPLY_LIMITS));

  // The activity centre's banners (issue 49 item 6): painted per promotion, cached by their version.
  app.get(
    '/promotions/art/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^\d{1,18}\.svg$/) }) } },
    async (req, reply) => {
      const id = BigInt(req.params.file.slice(0, -4));
      const p = (await loadPromotions(app.ctx.db, req.merchant.id)).find((x) => x.id === id);
      if (!p) throw notFound('promotion_unknown');
      const svg = renderPromotionArt({
        kind: p.kind,
        headline: headlineOf(p, req.merchant.currency),
        primary: req.merchant.theme.primary,
        accent: req.merchant.theme.accent,
        key: `${p.code}:${p.id.toString()}`,
      });
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

  app.get(
    PROMO_API.opsApplications,
    {
      config: { auth: 'operator', permission: 'promotions' },
      schema: {
        tags: ['ops'],
        summary:
          'Applications to review (?status=applying|rejected|issued|claimed), with linked accounts flagged',
        querystring: opsApplicationQuery,
        response: { 200: opsApplicationListResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await applications.opsList(req.merchant, req.query) }),
  );

  app.post(
    PROMO_API.opsReview,
    {
      config: { auth: 'operator', permission: 'promotions' },
      schema: {
        tags: ['ops'],
        summary:
          'Approve an application (issued into the reward centre) or reject it with a reason (audited)',
        params: promotionIdParams,
        body: reviewRequest,
        response: { 200: opsApplicationResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await applications.review(req.merchant, req.session!.memberId, BigInt(req.params.id), req.body),
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
      config: { auth: 'operator', permission: 'promotions' },
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
      config: { auth: 'operator', permission: 'promotions' },
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

  app.post(
    PROMO_API.opsCreate,
    {
      config: { auth: 'operator', permission: 'promotions' },
      schema: {
        tags: ['ops'],
        summary: 'Create a promotion (terms sanitised; the reward must be the kind’s; audited)',
        body: createPromotionRequest,
        response: { 200: opsPromotionDetailResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.create(req.merchant, req.session!.memberId, req.body),
    }),
  );

  app.get(
    PROMO_API.opsOne,
    {
      config: { auth: 'operator', permission: 'promotions' },
      schema: {
        tags: ['ops'],
        summary: 'One promotion as the operator edits it',
        params: promotionIdParams,
        response: { 200: opsPromotionDetailResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.detail(req.merchant, BigInt(req.params.id)) }),
  );

  app.put(
    PROMO_API.opsOne,
    {
      config: { auth: 'operator', permission: 'promotions' },
      schema: {
        tags: ['ops'],
        summary: 'Edit a promotion (claims already granted keep their terms; audited before → after)',
        params: promotionIdParams,
        body: updatePromotionRequest,
        response: { 200: opsPromotionDetailResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.update(req.merchant, req.session!.memberId, BigInt(req.params.id), req.body),
    }),
  );

  app.get(
    PROMO_API.opsVipLevels,
    {
      config: { auth: 'operator', permission: 'promotions' },
      schema: {
        tags: ['ops'],
        summary: 'The VIP club’s levels',
        response: { 200: opsVipLevelsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await ops.vipLevels(req.merchant.id) }),
  );

  app.put(
    PROMO_API.opsVipLevels,
    {
      config: { auth: 'operator', permission: 'promotions' },
      schema: {
        tags: ['ops'],
        summary: 'Set the VIP club’s levels at once (0, 1, 2 … each asking at least the one below; audited)',
        body: vipLevelsRequest,
        response: { 200: opsVipLevelsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      value: await ops.setVipLevels(req.merchant, req.session!.memberId, req.body),
    }),
  );
};
