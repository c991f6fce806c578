import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  createPromotionRequest,
  grantRequest,
  grantResponse,
  opsApplicationListResponse,
  opsApplicationQuery,
  opsApplicationResponse,
  opsPromotionDetailResponse,
  opsPromotionListResponse,
  opsVipLevelsResponse,
  promotionIdParams,
  reviewRequest,
  updatePromotionRequest,
  vipLevelsRequest,
} from '@panalo/contract/promotions';
import { PROMO_API } from '@panalo/contract/promotion-rules';
import { applicationService } from './application.service';
import { promotionsOpsService } from './promotions.ops.service';
import { promotionsService } from './promotions.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The operator's promotions (permission `promotions`): the applications to review, the promotions
 * (list, create, edit, grant) and the VIP club's levels. Registered by promotions.routes.ts.
 */
export const promotionsOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = promotionsService(app.ctx.db, app.ctx.clock);
  const applications = applicationService(app.ctx.db, app.ctx.clock, app.ctx.files);
  const ops = promotionsOpsService(app.ctx.db, app.ctx.clock);

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
