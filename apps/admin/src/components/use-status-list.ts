import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

/** A page of a server-paged list: some answers count their pages, the others only their rows. */
export interface ListPage<T> {
  list: T[];
  total: number;
  totalPages?: number;
}

/** The status the URL names, if it is one of the list's tabs; else the list's first tab (`initial`). */
export const pickStatus = <S extends string>(raw: string, statuses: readonly S[], initial: S): S =>
  (statuses as readonly string[]).includes(raw) ? (raw as S) : initial;

/** The number of pages: the answer's own count, or its rows' total over the page size asked for. */
export const pageCount = (page: ListPage<unknown> | undefined, pageSize: number) =>
  page?.totalPages ?? Math.ceil((page?.total ?? 0) / pageSize);

/**
 * A status-filtered, server-paged list (a queue): the status from the URL (`?status=`, the initial
 * tab left out of the address), the page's query (the previous page shown while the next loads), and
 * what `StatusQueue` hands to its status bar and table. The screen keeps the URL's other filters
 * (`useListParams` with them) and names the query: its key from the area's factory, its call from `api/`.
 */
export function useStatusList<T, S extends string>(
  list: {
    page: number;
    values: { status: string };
    setPage: (page: number) => void;
    setFilter: (name: 'status', value: string) => void;
  },
  options: {
    statuses: readonly S[];
    /** The tab shown when the URL names none. */
    initial: S;
    /** The page size the list call asks for (pages are counted with it when the answer does not). */
    pageSize: number;
    query: (page: number, status: S) => { queryKey: QueryKey; queryFn: () => Promise<ListPage<T>> };
  },
) {
  const status = pickStatus(list.values.status, options.statuses, options.initial);
  const query = useQuery({ ...options.query(list.page, status), placeholderData: keepPreviousData });
  return {
    status,
    query,
    /** The rows' total across the pages (the table's caption counts them). */
    total: query.data?.total ?? 0,
    bar: {
      statuses: options.statuses,
      value: status,
      onChange: (next: S) => list.setFilter('status', next === options.initial ? '' : next),
    },
    table: {
      rows: query.data?.list,
      loading: query.isFetching,
      error: query.error,
      onRetry: () => void query.refetch(),
      page: list.page,
      totalPages: pageCount(query.data, options.pageSize),
      onPage: list.setPage,
    },
  };
}

export type StatusList<T, S extends string> = ReturnType<typeof useStatusList<T, S>>;
