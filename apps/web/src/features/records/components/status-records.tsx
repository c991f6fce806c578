import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { PagedListProps } from '../../../components/ui/paged-list';
import { FilterChips } from '../../../components/ui/filter-chips';
import { PagedList } from '../../../components/ui/paged-list';
import { Page } from '../../../components/ui/page';

export interface StatusRecordsProps<F extends string, T extends { id: string }> {
  /** The catalogue section of this record (records.<section>.title, .list, .empty). */
  section: 'deposit' | 'withdrawal';
  filters: readonly F[];
  /** The records of one status filter ('all' first). */
  useRecords: (status: F) => PagedListProps<T>['query'];
  renderItem: (item: T) => ReactNode;
  testId: string;
  listTestId: string;
}

/** A money record screen: status filter chips over the member's paged records, newest first. */
export function StatusRecords<F extends string, T extends { id: string }>(p: StatusRecordsProps<F, T>) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<F>(p.filters[0]!);
  const query = p.useRecords(status);
  return (
    <Page title={t(`records.${p.section}.title`)} testId={p.testId}>
      <FilterChips
        label={t('records.status.label')}
        options={p.filters}
        value={status}
        onChange={setStatus}
        labelFor={(s) => t(`records.status.${s}`)}
        testIdPrefix="status-filter"
      />
      <PagedList
        query={query}
        label={t(`records.${p.section}.list`)}
        emptyText={t(`records.${p.section}.empty`)}
        itemKey={(item) => item.id}
        renderItem={p.renderItem}
        testId={p.listTestId}
      />
    </Page>
  );
}
