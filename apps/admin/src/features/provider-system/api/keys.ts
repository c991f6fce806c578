import { allProviderQueries } from '../../../lib/query-keys';

/** Query keys of the platform's parts (provider console): the state the answering API process sees. */
export const providerSystemKeys = {
  all: [...allProviderQueries, 'system'] as const,
  state: () => [...allProviderQueries, 'system', 'state'] as const,
};
