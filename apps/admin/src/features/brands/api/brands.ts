import type { z } from 'zod';
import type {
  BrandDetail,
  BrandSummary,
  brandListResponse,
  brandStatusRequest,
  LaunchBrandRequest,
  launchBrandResponse,
  ownerLinkResponse,
} from '@panalo/contract/provider';
import { PROVIDER_PATHS } from '@panalo/contract/provider-rules';
import { providerApi } from '../../../lib/provider-api';

export type { BrandDetail, BrandSummary, LaunchBrandRequest };
export type BrandList = z.infer<typeof brandListResponse>['value'];
export type LaunchedBrand = z.infer<typeof launchBrandResponse>['value'];
export type OwnerLink = z.infer<typeof ownerLinkResponse>['value'];
export type BrandStatusRequest = z.input<typeof brandStatusRequest>;

const brandPath = (path: string, code: string) => path.replace(':code', encodeURIComponent(code));

/** Every brand, with its status, domains and players (`brands.read`). */
export const listBrands = () => providerApi<BrandList>('GET', PROVIDER_PATHS.brands);

/** One brand: settings, modules, owners and its status history (`brands.read`). */
export const getBrand = (code: string) =>
  providerApi<BrandDetail>('GET', brandPath(PROVIDER_PATHS.brand, code));

/**
 * Launches a brand in draft with its first owner (`brands.launch`); the answer holds the owner's one-time
 * set-up link, shown once. One Idempotency-Key per submitted form: a retry after a lost answer is the
 * same launch.
 */
export const launchBrand = (body: LaunchBrandRequest, idempotencyKey: string) =>
  providerApi<LaunchedBrand>('POST', PROVIDER_PATHS.brands, { body, idempotencyKey });

/** Moves a brand to another status with a reason (the move's permission: `BRAND_TRANSITIONS`). */
export const moveBrand = (code: string, body: BrandStatusRequest, idempotencyKey: string) =>
  providerApi<BrandSummary>('POST', brandPath(PROVIDER_PATHS.status, code), { body, idempotencyKey });

/** A new one-time set-up link for the brand's owner who has not set a password yet (shown once). */
export const newOwnerLink = (code: string) =>
  providerApi<OwnerLink>('POST', brandPath(PROVIDER_PATHS.ownerLink, code));
