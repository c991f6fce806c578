import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/list-states';
import { listTargetAudit } from '../api/audit';
import { auditKeys } from '../api/keys';
import { useAuditColumns } from './audit-columns';

/**
 * One target's changes, newest first (the member profile's audit: "member:42"): the same columns, its own
 * page kept in the component (the profile's URL is the member's).
 */
export function TargetAudit(props: { target: string; caption: string; queryKey: readonly unknown[] }) {
  const { target, caption } = props;
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    // The owner's key: what refreshes the owner (a member's profile) refreshes its trail too.
    queryKey: auditKeys.target(props.queryKey, page),
    queryFn: () => listTargetAudit(target, page),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedTable
      caption={caption}
      columns={useAuditColumns()}
      rows={query.data?.list}
      rowKey={(e) => e.id}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={t('audit.noneForTarget')}
      page={page}
      totalPages={query.data?.totalPages ?? 0}
      onPage={setPage}
    />
  );
}
