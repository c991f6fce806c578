import { allProviderQueries } from '../../../lib/query-keys';

/**
 * Query keys of the brands (provider console). A launch or a move invalidates `all`: the list, and every
 * brand's page (a template's detail is the same key as that brand's page).
 */
export const brandKeys = {
  all: [...allProviderQueries, 'brands'] as const,
  list: () => [...allProviderQueries, 'brands', 'list'] as const,
  detail: (code: string) => [...allProviderQueries, 'brands', 'detail', code] as const,
};
