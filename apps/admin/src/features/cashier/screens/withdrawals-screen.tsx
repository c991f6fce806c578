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
import { decideWithdrawal, listWithdrawals, type OpsWithdrawal } from '../api/cashier';
import { cashierKeys } from '../api/keys';
import { QueueFilterBar } from '../components/queue-filter-bar';
import { WithdrawalContext } from '../components/withdrawal-context';
import { QUEUE_FILTERS, queueQuery } from '../rules/queue-filters';
import { statusColor } from '../rules/status-color';
import type { StaffMe } from '@panalo/contract/staff';
import { allOpsQueries } from '../../../lib/query-keys';

const STATUSES = ['pending', 'paid', 'rejected', 'all'] as const;

/**
 * The withdrawal queue: the finance desk pays each to the member's card (the full number is shown here
 * only: the server gives it to the finance permission alone) or refuses it with a reason the member reads.
 */
export function WithdrawalsScreen({ me }: { me: StaffMe }) {
  const { t, i18n } = useTranslation();
  const list = useListParams(['status', ...QUEUE_FILTERS] as const);
  const status = list.values.status || 'pending';
  const filters = queueQuery(list.values);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cashierKeys.withdrawals(list.page, status, filters),
    queryFn: () => listWithdrawals(list.page, status === 'all' ? '' : status, filters),
    placeholderData: keepPreviousData,
  });
  const [deciding, setDeciding] = useState<{ w: OpsWithdrawal; decision: 'approve' | 'reject' } | null>(null);

  const columns: Column<OpsWithdrawal>[] = [
    { key: 'id', title: t('cashier.order'), render: (w) => `#${w.id}` },
    { key: 'member', title: t('cashier.member'), render: (w) => w.username },
    {
      key: 'payee',
      title: t('cashier.payee'),
      render: (w) => (
        <Stack gap={0}>
          <Text size="sm">{w.payeeName ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {w.bankName} · <span translate="no">{w.cardNumber}</span>
          </Text>
        </Stack>
      ),
    },
    { key: 'amount', title: t('cashier.amount'), align: 'right', render: (w) => displayAmount(w.amount) },
    {
      key: 'status',
      title: t('cashier.status'),
      render: (w) => (
        <Stack gap={2}>
          <Badge variant="dot" color={statusColor(w.status)}>
            {t(`cashier.withdrawalStatus.${w.status}`)}
          </Badge>
          {w.reason && (
            <Text size="xs" c="dimmed">
              {w.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'created', title: t('cashier.created'), render: (w) => formatTime(w.createdAt, i18n.language) },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (w) =>
        w.status === 'pending' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setDeciding({ w, decision: 'approve' })}
              aria-label={t('cashier.payWithdrawalOf', { id: w.id })}
            >
              {t('cashier.markPaid')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setDeciding({ w, decision: 'reject' })}
              aria-label={t('cashier.rejectWithdrawalOf', { id: w.id })}
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
        {t('nav.withdrawals')}
      </Title>
      <StatusBar
        statuses={STATUSES}
        value={status as (typeof STATUSES)[number]}
        label={(s) => t(`cashier.withdrawalStatus.${s}`)}
        onChange={(v) => list.setFilter('status', v === 'pending' ? '' : v)}
        csvPath="/ops/withdrawals/export"
        csvQuery={filters}
      />
      <QueueFilterBar values={list.values} onApply={(next) => list.setFilters(next)} />
      <PagedTable
        caption={t('cashier.withdrawalsCaption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rowKey={(w) => w.id}
        empty={t('cashier.noWithdrawals')}
        {...pagedState(query, list)}
      />
      <DecisionModal
        opened={deciding !== null}
        title={deciding?.decision === 'approve' ? t('cashier.payWithdrawal') : t('cashier.rejectWithdrawal')}
        summary={
          deciding && (
            <Stack gap="sm">
              <Text size="sm">
                {t(
                  deciding.decision === 'approve'
                    ? 'cashier.payWithdrawalSummary'
                    : 'cashier.rejectWithdrawalSummary',
                  {
                    id: deciding.w.id,
                    member: deciding.w.username,
                    amount: displayAmount(deciding.w.amount),
                    card: `${deciding.w.bankName} ${deciding.w.cardNumber}`,
                  },
                )}
              </Text>
              {deciding.decision === 'approve' && me.permissions.includes('members.read') && (
                <WithdrawalContext memberId={deciding.w.memberId} />
              )}
            </Stack>
          )
        }
        confirmLabel={deciding?.decision === 'approve' ? t('cashier.markPaid') : t('cashier.reject')}
        danger={deciding?.decision === 'reject'}
        reasonRequired={deciding?.decision === 'reject'}
        onClose={() => setDeciding(null)}
        onConfirm={async ({ reason, key }) => {
          const d = deciding!;
          await decideWithdrawal(d.w.id, d.decision, reason, key);
          notice(
            d.decision === 'approve' ? 'green' : 'gray',
            t(d.decision === 'approve' ? 'cashier.withdrawalPaid' : 'cashier.withdrawalRejected', {
              id: d.w.id,
            }),
          );
          await queryClient.invalidateQueries({ queryKey: allOpsQueries });
        }}
      />
    </Stack>
  );
}
