import type { z } from 'zod';
import type { providerAuditEntry, providerAuditResponse } from '@panalo/contract/provider';
import { PROVIDER_PATHS } from '@panalo/contract/provider-rules';
import { providerApi } from '../../../lib/provider-api';

export type ProviderAuditEntry = z.infer<typeof providerAuditEntry>;
export type ProviderAuditPage = z.infer<typeof providerAuditResponse>['value'];

export const PAGE_SIZE = 50;

/** The provider's audit trail, newest first; `brand` '' for every brand (`audit`). */
export const listProviderAudit = (brand: string, page: number) =>
  providerApi<ProviderAuditPage>('GET', PROVIDER_PATHS.audit, {
    query: { brand, page, pageSize: PAGE_SIZE },
  });
