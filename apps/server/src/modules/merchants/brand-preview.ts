import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import type { MerchantRow } from './merchants.repository';
import { merchantsRepository } from './merchants.repository';

/** The cookie a preview leaves in the provider staff member's browser, on the brand's host only. */
export const PREVIEW_COOKIE = 'panalo_preview';
/** How long a preview lasts. */
export const PREVIEW_MINUTES = 60;
const COOKIE = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=([A-Za-z0-9_-]{20,128})(?:;|$)`);

/**
 * A draft brand seen by the provider's staff before its players (issue 51 item 2): a token for one brand
 * and an hour, exchanged on the brand's own domain for a cookie that lets that browser past the
 * maintenance page while the brand is a draft.
 */
export function brandPreview(db: Database, clock: Clock) {
  const repo = merchantsRepository(db);
  return {
    async issue(merchantId: number, staffId: bigint): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken(32);
      const at = clock.now();
      const expiresAt = new Date(at.getTime() + PREVIEW_MINUTES * 60_000);
      await repo.insertPreview({ tokenHash: sha256Hex(token), merchantId, staffId, expiresAt, at });
      return { token, expiresAt };
    },
    /** Whether a token previews this merchant now. */
    async valid(merchantId: number, token: string): Promise<boolean> {
      return repo.livePreview(merchantId, sha256Hex(token), clock.now());
    },
    /** Whether this request is a preview of its draft brand (its cookie, still valid for this merchant). */
    async previewing(request: FastifyRequest, merchant: MerchantRow): Promise<boolean> {
      if (merchant.status !== 'draft') return false;
      const token = COOKIE.exec(request.headers.cookie ?? '')?.[1];
      return token ? this.valid(merchant.id, token) : false;
    },
  };
}
export type BrandPreview = ReturnType<typeof brandPreview>;
