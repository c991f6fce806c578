import type { z } from 'zod';
import type {
  CreatePromotionRequest,
  grantRequest,
  grantResponse,
  OpsApplication,
  opsApplicationListResponse,
  opsPromotion,
  OpsPromotionDetail,
  opsVipLevelsResponse,
  ReviewRequest,
  UpdatePromotionRequest,
  VipLevelsRequest,
} from '@panalo/contract/promotions';
import { PROMO_API, promoPath } from '@panalo/contract/promotion-rules';
import { api } from '../../../lib/api';

export type OpsPromotion = z.infer<typeof opsPromotion>;
export type ApplicationPage = z.infer<typeof opsApplicationListResponse>['value'];
export type GrantRequest = z.infer<typeof grantRequest>;
export type GrantResult = z.infer<typeof grantResponse>['value'];
export type VipLevels = z.infer<typeof opsVipLevelsResponse>['value'];
export type VipLevel = VipLevels['levels'][number];

export const PAGE_SIZE = 20;

/** A member's picture of an application (shown through `AuthImage`). */
export const applicationImagePath = (id: string, n: number) =>
  PROMO_API.applicationImage.replace(':id', encodeURIComponent(id)).replace(':n', String(n));

export const listApplications = (page: number, status: string) =>
  api<ApplicationPage>('GET', PROMO_API.opsApplications, {
    query: { status, page, pageSize: PAGE_SIZE },
  });

export const reviewApplication = (id: string, body: ReviewRequest) =>
  api<OpsApplication>('POST', promoPath(PROMO_API.opsReview, id), { body });

export const listPromotions = () => api<OpsPromotion[]>('GET', PROMO_API.opsList);

export const grantPromotion = (id: string, body: GrantRequest) =>
  api<GrantResult>('POST', promoPath(PROMO_API.opsGrant, id), { body });

export const getPromotion = (id: string) => api<OpsPromotionDetail>('GET', promoPath(PROMO_API.opsOne, id));

export const createPromotion = (body: CreatePromotionRequest) =>
  api<OpsPromotionDetail>('POST', PROMO_API.opsCreate, { body });

export const updatePromotion = (id: string, body: UpdatePromotionRequest) =>
  api<OpsPromotionDetail>('PUT', promoPath(PROMO_API.opsOne, id), { body });

export const getVipLevels = () => api<VipLevels>('GET', PROMO_API.opsVipLevels);

export const saveVipLevels = (body: VipLevelsRequest) =>
  api<VipLevels>('PUT', PROMO_API.opsVipLevels, { body });
