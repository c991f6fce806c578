import { Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { auditEntry, auditListResponse } from '@panalo/contract/cashier';
import type { StaffAction } from '@panalo/contract/staff';
import { CsvButton } from '../../components/csv-button';
import { PagedTable, pagedState, type Column } from '../../components/list-states';
import { api } from '../../lib/api';
import { useListParams } from '../../lib/list-params';
import { formatTime } from '../../lib/format';

type AuditEntry = z.infer<typeof auditEntry>;
type AuditPage = z.infer<typeof auditListResponse>['value'];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const valueText = (v: unknown): string =>
  v === null || v === undefined
    ? '—'
    : typeof v === 'string'
      ? v
      : typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : JSON.stringify(v);

/** A reference as staff read it: the username when the server knows one, the raw reference beneath. */
function Ref({ name, raw }: { name: string | null; raw: string }) {
  if (!name) return <>{raw}</>;
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      <Text size="xs" c="dimmed">
        {raw}
      </Text>
    </Stack>
  );
}

/**
 * An entry's details as people read them (#49 item 7): a change's before → after as a table of the fields
 * that differ, then the other details (the reason first) as lines; never raw JSON.
 */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { before, after, reason, ...rest } = details;
  const fields =
    isRecord(before) || isRecord(after)
      ? [
          ...new Set([
            ...Object.keys(isRecord(before) ? before : {}),
            ...Object.keys(isRecord(after) ? after : {}),
          ]),
        ]
          .map((k) => ({
            k,
            from: valueText(isRecord(before) ? before[k] : undefined),
            to: valueText(isRecord(after) ? after[k] : undefined),
          }))
          .filter((f) => f.from !== f.to)
      : [];
  return (
    <Stack gap={4} maw={460}>
      {reason !== undefined && (
        <Text size="sm">
          {t('audit.reason')}: {valueText(reason)}
        </Text>
      )}
      {fields.length > 0 && (
        <Table withTableBorder withColumnBorders fz="xs" data-testid="audit-change">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.field')}</Table.Th>
              <Table.Th>{t('audit.before')}</Table.Th>
              <Table.Th>{t('audit.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f) => (
              <Table.Tr key={f.k}>
                <Table.Td>{f.k}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{f.from}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{f.to}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {Object.entries(rest).map(([k, v]) => (
        <Text key={k} size="xs" style={{ wordBreak: 'break-word' }}>
          {k}: {valueText(v)}
        </Text>
      ))}
    </Stack>
  );
}

/** The audit log's columns: when, who, what, on what, and the details as recorded. */
function useAuditColumns(): Column<AuditEntry>[] {
  const { t, i18n } = useTranslation();
  return [
    { key: 'time', title: t('audit.time'), render: (e) => formatTime(e.createdAt, i18n.language) },
    { key: 'actor', title: t('audit.actor'), render: (e) => <Ref name={e.actorName} raw={e.actor} /> },
    { key: 'action', title: t('audit.action'), render: (e) => e.action },
    { key: 'target', title: t('audit.target'), render: (e) => <Ref name={e.targetName} raw={e.target} /> },
    { key: 'details', title: t('audit.details'), render: (e) => <AuditDetails details={e.details} /> },
  ];
}

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
    queryKey: [...props.queryKey, 'audit', page],
    queryFn: () => api<AuditPage>('GET', '/ops/audit', { query: { page, pageSize: 20, target } }),
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

function Changes() {
  const { t } = useTranslation();
  const list = useListParams([] as const);
  const query = useQuery({
    queryKey: ['ops', 'audit', list.page],
    queryFn: () => api<AuditPage>('GET', '/ops/audit', { query: { page: list.page, pageSize: 50 } }),
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

function Requests() {
  const { t, i18n } = useTranslation();
  const list = useListParams([] as const);
  const query = useQuery({
    queryKey: ['ops', 'staff-actions', list.page],
    queryFn: () =>
      api<{ list: StaffAction[]; total: number; totalPages: number }>('GET', '/ops/staff-actions', {
        query: { page: list.page, pageSize: 50 },
      }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<StaffAction>[] = [
    { key: 'time', title: t('audit.time'), render: (a) => formatTime(a.createdAt, i18n.language) },
    { key: 'staff', title: t('audit.actor'), render: (a) => a.staff },
    {
      key: 'call',
      title: t('audit.call'),
      render: (a) => <Text size="sm" ff="monospace">{`${a.method} ${a.path}`}</Text>,
    },
    { key: 'status', title: t('audit.answer'), render: (a) => a.status },
    { key: 'ip', title: t('audit.ip'), render: (a) => a.ip ?? '—' },
    {
      key: 'ua',
      title: t('audit.browser'),
      render: (a) => (
        <Text size="xs" lineClamp={2}>
          {a.userAgent ?? '—'}
        </Text>
      ),
    },
  ];
  return (
    <PagedTable
      caption={t('audit.requestsCaption', { count: query.data?.total ?? 0 })}
      columns={columns}
      rowKey={(a) => a.id}
      empty={t('audit.empty')}
      {...pagedState(query, list)}
    />
  );
}

/** The merchant's audit log (who changed what, before → after, why) and the staff's calls with their address. */
export function AuditPage() {
  const { t } = useTranslation();
  // The tab is in the URL with the page; another tab starts at its first page (the two lists share `page`).
  const list = useListParams(['tab'] as const);
  const tab = list.values.tab === 'requests' ? 'requests' : 'changes';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.audit')}
      </Title>
      <Tabs
        value={tab}
        onChange={(v) => list.setFilter('tab', v === 'requests' ? 'requests' : '')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="changes">{t('audit.changes')}</Tabs.Tab>
          <Tabs.Tab value="requests">{t('audit.requests')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="changes" pt="md">
          <Changes />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <Requests />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
