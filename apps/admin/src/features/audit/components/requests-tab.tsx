import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedTable, pagedState, type Column } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { listStaffActions, type StaffAction } from '../api/audit';
import { auditKeys } from '../api/keys';

/** The staff's calls that changed something, with the address and the browser, paged in the URL. */
export function RequestsTab() {
  const { t, i18n } = useTranslation();
  const list = useListParams([] as const);
  const query = useQuery({
    queryKey: auditKeys.requests(list.page),
    queryFn: () => listStaffActions(list.page),
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
