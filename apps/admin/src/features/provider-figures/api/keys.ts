import { allProviderQueries } from '../../../lib/query-keys';

/** Query keys of the brands' figures (provider console): one range, every brand ('') or one. */
export const providerFiguresKeys = {
  all: [...allProviderQueries, 'figures'] as const,
  span: (from: string, to: string, brand: string) =>
    [...allProviderQueries, 'figures', from, to, brand] as const,
};
