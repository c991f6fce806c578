import { Code, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { auditEntry, auditListResponse } from '@panalo/contract/cashier';
import { PagedTable, type Column } from '../../components/list-states';
import { api } from '../../lib/api';
import { useListParams } from '../../lib/list-params';
import { formatTime } from '../../lib/money';

type AuditEntry = z.infer<typeof auditEntry>;
type AuditPage = z.infer<typeof auditListResponse>['value'];

/** The merchant's audit log: who did what, to whom, when and why (newest first). */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const list = useListParams([] as const);
  const query = useQuery({
    queryKey: ['ops', 'audit', list.page],
    queryFn: () => api<AuditPage>('GET', '/ops/audit', { query: { page: list.page, pageSize: 50 } }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<AuditEntry>[] = [
    { key: 'time', title: t('audit.time'), render: (e) => formatTime(e.createdAt, i18n.language) },
    { key: 'actor', title: t('audit.actor'), render: (e) => e.actor },
    { key: 'action', title: t('audit.action'), render: (e) => e.action },
    { key: 'target', title: t('audit.target'), render: (e) => e.target },
    {
      key: 'details',
      title: t('audit.details'),
      render: (e) => (
        <Code block style={{ maxWidth: 420, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {JSON.stringify(e.details, null, 1)}
        </Code>
      ),
    },
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.audit')}
      </Title>
      <PagedTable
        caption={t('audit.caption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rows={query.data?.list}
        rowKey={(e) => e.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('audit.empty')}
        page={list.page}
        totalPages={query.data?.totalPages ?? 0}
        onPage={list.setPage}
      />
    </Stack>
  );
}
