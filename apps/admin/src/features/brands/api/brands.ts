import type { z } from 'zod';
import type {
  BrandCatalogue,
  BrandDetail,
  BrandSummary,
  ClosingReport,
  MaintenanceWindow,
  brandListResponse,
  brandStatusRequest,
  LaunchBrandRequest,
  launchBrandResponse,
  ownerLinkResponse,
  previewResponse,
} from '@panalo/contract/provider';
import { PROVIDER_PATHS } from '@panalo/contract/provider-rules';
import { providerApi } from '../../../lib/provider-api';

export type {
  BrandCatalogue,
  BrandDetail,
  BrandSummary,
  ClosingReport,
  LaunchBrandRequest,
  MaintenanceWindow,
};
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

/**
 * The brand's logo (one png or jpg) or app icon (one square png or jpg, `BRAND_ICON_LIMITS`), `brands.launch`:
 * multipart, field `images`; the answer is the brand.
 */
export const uploadBrandImage = (code: string, kind: 'logo' | 'icon', file: File) => {
  const form = new FormData();
  form.append('images', file);
  return providerApi<BrandDetail>('POST', brandPath(PROVIDER_PATHS[kind], code), { body: form });
};

/** What a brand can be launched with: vendors and their games, lottery games, deposit methods (`brands.read`). */
export const getCatalogue = () => providerApi<BrandCatalogue>('GET', PROVIDER_PATHS.catalogue);

/** Sets the brand's planned maintenance window, or clears it with null (`brands.launch`); the answer is the brand. */
export const setMaintenanceWindow = (code: string, window: MaintenanceWindow | null) =>
  providerApi<BrandDetail>('PUT', brandPath(PROVIDER_PATHS.maintenance, code), { body: { window } });

/** A closed brand's closing report (`brands.read`); 404 `closing_report_none` for a brand not closed. */
export const getClosingReport = (code: string) =>
  providerApi<ClosingReport>('GET', brandPath(PROVIDER_PATHS.closingReport, code));
