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
