import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../components/notice';
import { DecisionModal } from '../../../components/decision-modal';
import { PagedTable, pagedState, StatusBar, type Column } from '../../../components/list-states';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { decideDeposit, listDeposits, type OpsDeposit } from '../api/cashier';
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
  const status = list.values.status || 'pending';
  const filters = queueQuery(list.values);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cashierKeys.deposits(list.page, status, filters),
    queryFn: () => listDeposits(list.page, status === 'all' ? '' : status, filters),
    placeholderData: keepPreviousData,
  });
  const [deciding, setDeciding] = useState<{ order: OpsDeposit; decision: 'approve' | 'reject' } | null>(
    null,
  );

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
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setDeciding({ order: d, decision: 'approve' })}
              aria-label={t('cashier.confirmDepositOf', { id: d.id })}
            >
              {t('cashier.confirm')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setDeciding({ order: d, decision: 'reject' })}
              aria-label={t('cashier.rejectDepositOf', { id: d.id })}
            >
              {t('cashier.reject')}
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.deposits')}
      </Title>
      <StatusBar
        statuses={STATUSES}
        value={status as (typeof STATUSES)[number]}
        label={(s) => t(`cashier.depositStatus.${s}`)}
        onChange={(v) => list.setFilter('status', v === 'pending' ? '' : v)}
        csvPath="/ops/deposits/export"
        csvQuery={filters}
      />
      <QueueFilterBar values={list.values} onApply={(next) => list.setFilters(next)} method />
      <PagedTable
        caption={t('cashier.depositsCaption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rowKey={(d) => d.id}
        empty={t('cashier.noDeposits')}
        {...pagedState(query, list)}
      />
      <DecisionModal
        opened={deciding !== null}
        title={deciding?.decision === 'approve' ? t('cashier.confirmDeposit') : t('cashier.rejectDeposit')}
        summary={
          deciding && (
            <Text size="sm">
              {t(
                deciding.decision === 'approve'
                  ? 'cashier.confirmDepositSummary'
                  : 'cashier.rejectDepositSummary',
                {
                  id: deciding.order.id,
                  member: deciding.order.username,
                  amount: displayAmount(deciding.order.amount),
                  reference: deciding.order.reference ?? '—',
                },
              )}
            </Text>
          )
        }
        confirmLabel={deciding?.decision === 'approve' ? t('cashier.confirm') : t('cashier.reject')}
        danger={deciding?.decision === 'reject'}
        reasonRequired={deciding?.decision === 'reject'}
        onClose={() => setDeciding(null)}
        onConfirm={async ({ reason, key }) => {
          const d = deciding!;
          await decideDeposit(d.order.id, d.decision, reason, key);
          notice(
            d.decision === 'approve' ? 'green' : 'gray',
            t(d.decision === 'approve' ? 'cashier.depositConfirmed' : 'cashier.depositRejected', {
              id: d.order.id,
            }),
          );
          await queryClient.invalidateQueries({ queryKey: allOpsQueries });
        }}
      />
    </Stack>
  );
}
