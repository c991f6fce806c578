import { allProviderQueries } from '../../../lib/query-keys';

/** Query keys of the provider's audit trail: one page of one filter. */
export const providerAuditKeys = {
  all: [...allProviderQueries, 'audit'] as const,
  list: (brand: string, page: number) => [...allProviderQueries, 'audit', brand, page] as const,
};
