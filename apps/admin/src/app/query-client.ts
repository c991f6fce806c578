import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@panalo/contract/api-error';

/**
 * A session's own cache (the brand console's and the provider console's alike): nothing one staff
 * member loaded is shown to the next in this tab.
 */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        // A refusal is an answer: only a lost connection is worth another try.
        retry: (count, err) => count < 2 && err instanceof ApiError && err.code === 'no_network',
      },
    },
  });
