import { allProviderQueries } from '../../../lib/query-keys';

/**
 * Query keys of the brands (provider console). A launch or a move invalidates `all`: the list, every
 * brand's page (a template's detail is the same key as that brand's page), the catalogue and the closing
 * reports (a brand just closed has one).
 */
export const brandKeys = {
  all: [...allProviderQueries, 'brands'] as const,
  list: () => [...allProviderQueries, 'brands', 'list'] as const,
  detail: (code: string) => [...allProviderQueries, 'brands', 'detail', code] as const,
  catalogue: () => [...allProviderQueries, 'brands', 'catalogue'] as const,
  closingReport: (code: string) => [...allProviderQueries, 'brands', 'closing-report', code] as const,
};
