import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { nextPage } from '../lib/paging';
import type { Paged } from './types';

/** Rows per page of every records list (the contract allows up to 100). */
export const PAGE_SIZE = 20;

type Query = Record<string, string | number | undefined>;

/** A paged cashier list as an infinite query: page 1 first, each "more" appends the next page. */
export function pagedQueryOptions<T>(queryKey: readonly unknown[], path: string, query: Query) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiGet<Paged<T>>(path, { query: { ...query, page: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<T>) => nextPage(last),
  });
}
