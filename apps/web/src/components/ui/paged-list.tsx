import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Paged } from '../../lib/paging';
import { LoadMore } from './load-more';
import { EmptyState, LoadError, ListSkeleton } from './states';

export interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  /** Names the list for assistive technology. */
  label: string;
  emptyText: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  testId: string;
}

/**
 * A paged list: skeleton on the first load, error with retry, empty state, then the rows of
 * every page loaded so far and the load-more control. A failed later page keeps the rows already shown.
 */
export function PagedList<T>({ query, label, emptyText, itemKey, renderItem, testId }: PagedListProps<T>) {
  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data.pages.flatMap((p) => p.list);
  if (rows.length === 0) return <EmptyState text={emptyText} />;
  const more = () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <>
      <ul className="ui-list" aria-label={label} data-testid={testId}>
        {rows.map((r) => (
          <li key={itemKey(r)} className="ui-item" data-testid="record-item">
            {renderItem(r)}
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError ? (
        <LoadError error={query.error} onRetry={more} />
      ) : (
        <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={more} />
      )}
    </>
  );
}
