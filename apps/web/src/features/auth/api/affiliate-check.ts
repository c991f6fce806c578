import type { z } from 'zod';
import type { affiliateCheckResponse } from '@panalo/contract/auth';
import { apiGet } from '../../../lib/api';

type AffiliateCheck = z.infer<typeof affiliateCheckResponse>['value'];

/** GET /api/auth/affiliate-check with code and domain (API-035): is this invitation code valid? */
export async function checkAffiliate(code: string, domain?: string): Promise<boolean> {
  const value = await apiGet<AffiliateCheck>('/auth/affiliate-check', { query: { code, domain } });
  return value.success;
}
