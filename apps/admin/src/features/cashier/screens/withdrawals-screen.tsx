import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DecisionButtons, DecisionQueue } from '../../../components/decision-queue';
import type { Column } from '../../../components/list-states';
import { useDecision } from '../../../components/use-decision';
import { useStatusList } from '../../../components/use-status-list';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { decideWithdrawal, listWithdrawals, PAGE_SIZE, type OpsWithdrawal } from '../api/cashier';
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
 * A payment above the merchant's threshold answers 202: it waits for a second staff member (Approvals).
 */
export function WithdrawalsScreen({ me }: { me: StaffMe }) {
  const { t, i18n } = useTranslation();
  const list = useListParams(['status', ...QUEUE_FILTERS] as const);
  const filters = queueQuery(list.values);
  const queue = useStatusList(list, {
    statuses: STATUSES,
    initial: 'pending',
    pageSize: PAGE_SIZE,
    query: (page, status) => ({
      queryKey: cashierKeys.withdrawals(page, status, filters),
      queryFn: () => listWithdrawals(page, status === 'all' ? '' : status, filters),
    }),
  });
  const decision = useDecision({
    label: { approve: t('cashier.markPaid'), reject: t('cashier.reject') },
    name: (w: OpsWithdrawal, x) =>
      t(x === 'approve' ? 'cashier.payWithdrawalOf' : 'cashier.rejectWithdrawalOf', { id: w.id }),
    title: { approve: t('cashier.payWithdrawal'), reject: t('cashier.rejectWithdrawal') },
    summary: (w, x) => (
      <Stack gap="sm">
        <Text size="sm">
          {t(x === 'approve' ? 'cashier.payWithdrawalSummary' : 'cashier.rejectWithdrawalSummary', {
            id: w.id,
            member: w.username,
            amount: displayAmount(w.amount),
            card: `${w.bankName} ${w.cardNumber}`,
          })}
        </Text>
        {x === 'approve' && me.permissions.includes('members.read') && (
          <WithdrawalContext memberId={w.memberId} />
        )}
      </Stack>
    ),
    decide: (w, x, { reason, key }) => decideWithdrawal(w.id, x, reason, key),
    notice: (w, x, answer) =>
      'pending' in answer
        ? { color: 'yellow', message: t('approvals.waiting', { id: answer.approval.id }) }
        : t(x === 'approve' ? 'cashier.withdrawalPaid' : 'cashier.withdrawalRejected', { id: w.id }),
    invalidate: allOpsQueries,
  });

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
      render: (w) => (w.status === 'pending' ? <DecisionButtons decision={decision} row={w} /> : null),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.withdrawals')}
      </Title>
      <DecisionQueue
        queue={queue}
        statusLabel={(s) => t(`cashier.withdrawalStatus.${s}`)}
        csvPath="/ops/withdrawals/export"
        csvQuery={filters}
        filters={<QueueFilterBar values={list.values} onApply={(next) => list.setFilters(next)} />}
        caption={t('cashier.withdrawalsCaption', { count: queue.total })}
        columns={columns}
        rowKey={(w) => w.id}
        empty={t('cashier.noWithdrawals')}
        decision={decision}
      />
    </Stack>
  );
}
