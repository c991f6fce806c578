import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublishedLiabilities } from '@panalo/contract/liabilities';
import { apiGet } from '../../../lib/api';
import { LIABILITIES_API, liabilitiesKeys } from './liabilities-keys';

/** The merchant's latest published root and total; null before the first daily close. */
export const publishedQueryOptions = () =>
  queryOptions({
    queryKey: liabilitiesKeys.published(),
    queryFn: ({ signal }) => apiGet<PublishedLiabilities | null>(LIABILITIES_API.published, { signal }),
    // Published once a day.
    staleTime: 5 * 60_000,
  });

export const usePublishedLiabilities = () => useQuery(publishedQueryOptions());
