import { allProviderQueries } from '../../../lib/query-keys';

/**
 * Query keys of billing (provider console): a brand's commercial terms, and the invoices of a month
 * (every brand: '', or one). A new version of a brand's terms invalidates `all`: its terms, and the
 * invoices it may change (this month's and later).
 */
export const providerBillingKeys = {
  all: [...allProviderQueries, 'billing'] as const,
  terms: (code: string) => [...allProviderQueries, 'billing', 'terms', code] as const,
  invoices: (month: string, brand: string) =>
    [...allProviderQueries, 'billing', 'invoices', month, brand] as const,
};
