import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DecisionButtons, DecisionQueue } from '../../../components/decision-queue';
import type { Column } from '../../../components/list-states';
import { useDecision } from '../../../components/use-decision';
import { useStatusList } from '../../../components/use-status-list';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { decideDeposit, listDeposits, PAGE_SIZE, type OpsDeposit } from '../api/cashier';
import { cashierKeys } from '../api/keys';
import { QueueFilterBar } from '../components/queue-filter-bar';
import { QUEUE_FILTERS, queueQuery } from '../rules/queue-filters';
import { statusColor } from '../rules/status-color';
import { allOpsQueries } from '../../../lib/query-keys';

const STATUSES = ['pending', 'paid', 'rejected', 'expired', 'cancelled', 'all'] as const;

/** The deposit queue: bank transfers waiting for the finance desk to find them on the statement. */
export function DepositsScreen() {
  const { t, i18n } = useTranslation();
  const list = useListParams(['status', ...QUEUE_FILTERS] as const);
  const filters = queueQuery(list.values);
  const queue = useStatusList(list, {
    statuses: STATUSES,
    initial: 'pending',
    pageSize: PAGE_SIZE,
    query: (page, status) => ({
      queryKey: cashierKeys.deposits(page, status, filters),
      queryFn: () => listDeposits(page, status === 'all' ? '' : status, filters),
    }),
  });
  const decision = useDecision({
    label: { approve: t('cashier.confirm'), reject: t('cashier.reject') },
    name: (d: OpsDeposit, x) =>
      t(x === 'approve' ? 'cashier.confirmDepositOf' : 'cashier.rejectDepositOf', { id: d.id }),
    title: { approve: t('cashier.confirmDeposit'), reject: t('cashier.rejectDeposit') },
    summary: (d, x) => (
      <Text size="sm">
        {t(x === 'approve' ? 'cashier.confirmDepositSummary' : 'cashier.rejectDepositSummary', {
          id: d.id,
          member: d.username,
          amount: displayAmount(d.amount),
          reference: d.reference ?? '—',
        })}
      </Text>
    ),
    decide: (d, x, { reason, key }) => decideDeposit(d.id, x, reason, key),
    notice: (d, x) =>
      t(x === 'approve' ? 'cashier.depositConfirmed' : 'cashier.depositRejected', { id: d.id }),
    invalidate: allOpsQueries,
  });

  const columns: Column<OpsDeposit>[] = [
    { key: 'id', title: t('cashier.order'), render: (d) => `#${d.id}` },
    { key: 'member', title: t('cashier.member'), render: (d) => d.username },
    {
      key: 'method',
      title: t('cashier.method'),
      render: (d) => `${d.methodCode} · ${t(`cashier.kind.${d.kind}`)}`,
    },
    { key: 'amount', title: t('cashier.amount'), align: 'right', render: (d) => displayAmount(d.amount) },
    { key: 'reference', title: t('cashier.reference'), render: (d) => d.reference ?? d.providerRef ?? '—' },
    {
      key: 'status',
      title: t('cashier.status'),
      render: (d) => (
        <Badge variant="dot" color={statusColor(d.status)}>
          {t(`cashier.depositStatus.${d.status}`)}
        </Badge>
      ),
    },
    { key: 'created', title: t('cashier.created'), render: (d) => formatTime(d.createdAt, i18n.language) },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (d) =>
        d.status === 'pending' && d.kind === 'bank_transfer' ? (
          <DecisionButtons decision={decision} row={d} />
        ) : null,
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.deposits')}
      </Title>
      <DecisionQueue
        queue={queue}
        statusLabel={(s) => t(`cashier.depositStatus.${s}`)}
        csvPath="/ops/deposits/export"
        csvQuery={filters}
        filters={<QueueFilterBar values={list.values} onApply={(next) => list.setFilters(next)} method />}
        caption={t('cashier.depositsCaption', { count: queue.total })}
        columns={columns}
        rowKey={(d) => d.id}
        empty={t('cashier.noDeposits')}
        decision={decision}
      />
    </Stack>
  );
}
