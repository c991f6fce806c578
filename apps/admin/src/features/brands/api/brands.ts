import type { z } from 'zod';
import type {
  BrandDetail,
  BrandSummary,
  brandListResponse,
  brandStatusRequest,
  LaunchBrandRequest,
  launchBrandResponse,
  ownerLinkResponse,
  previewResponse,
} from '@panalo/contract/provider';
import { PROVIDER_PATHS } from '@panalo/contract/provider-rules';
import { providerApi } from '../../../lib/provider-api';

export type { BrandDetail, BrandSummary, LaunchBrandRequest };
export type BrandList = z.infer<typeof brandListResponse>['value'];
export type LaunchedBrand = z.infer<typeof launchBrandResponse>['value'];
export type OwnerLink = z.infer<typeof ownerLinkResponse>['value'];
export type BrandStatusRequest = z.input<typeof brandStatusRequest>;
export type BrandLook = z.infer<typeof previewResponse>['value'];

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

/** An hour's preview of a draft brand's site on its own domain, for this browser (`brands.read`). */
export const previewBrand = (code: string) =>
  providerApi<BrandLook>('POST', brandPath(PROVIDER_PATHS.preview, code));

/**
 * An hour's read-only look at the brand's console ("view as", `brands.read`): the brand's audit log
 * records who and the reason.
 */
export const viewBrandConsole = (code: string, reason: string) =>
  providerApi<BrandLook>('POST', brandPath(PROVIDER_PATHS.viewAs, code), { body: { reason } });

/** The brand's logo (one png or jpg, `brands.launch`): multipart; the answer is the brand. */
export const uploadBrandLogo = (code: string, file: File) => {
  const form = new FormData();
  form.append('images', file);
  return providerApi<BrandDetail>('POST', brandPath(PROVIDER_PATHS.logo, code), { body: form });
};
