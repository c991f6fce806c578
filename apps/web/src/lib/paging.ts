import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from './api';

/** One page of a paged list (the contract's `paged`). */
export interface Paged<T> {
  list: T[];
  pageNum: number;
  totalPages: number;
  total: number;
}

/** The next page to ask for, or undefined at the last page (an empty answer has no next page). */
export function nextPage(p: { pageNum: number; totalPages: number }): number | undefined {
  return p.pageNum < p.totalPages ? p.pageNum + 1 : undefined;
}

/** Rows per page of every paged list (the contract allows up to 100). */
export const PAGE_SIZE = 20;

type Query = Record<string, string | number | undefined>;

/**
 * A paged list as an infinite query: page 1 first, each "more" appends the next page. `P` is the page's
 * shape when it carries more than the rows (e.g. totals).
 */
export function pagedQueryOptions<T, P extends Paged<T> = Paged<T>>(
  queryKey: readonly unknown[],
  path: string,
  query: Query,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiGet<P>(path, { query: { ...query, page: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: P) => nextPage(last),
  });
}
