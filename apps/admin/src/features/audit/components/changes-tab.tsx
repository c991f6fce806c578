import { Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CsvButton } from '../../../components/csv-button';
import { PagedTable, pagedState } from '../../../components/list-states';
import { useListParams } from '../../../lib/list-params';
import { listAudit } from '../api/audit';
import { auditKeys } from '../api/keys';
import { useAuditColumns } from './audit-columns';

/** The audit log's entries, paged in the URL, and its CSV export. */
export function ChangesTab() {
  const { t } = useTranslation();
  const list = useListParams([] as const);
  const query = useQuery({
    queryKey: auditKeys.changes(list.page),
    queryFn: () => listAudit(list.page),
    placeholderData: keepPreviousData,
  });
  const columns = useAuditColumns();
  return (
    <Stack>
      <Group justify="flex-end">
        <CsvButton path="/ops/audit/export" />
      </Group>
      <PagedTable
        caption={t('audit.caption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rowKey={(e) => e.id}
        empty={t('audit.empty')}
        {...pagedState(query, list)}
      />
    </Stack>
  );
}
