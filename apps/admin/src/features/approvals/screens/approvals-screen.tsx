import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@panalo/contract/staff';
import { DecisionButtons, DecisionQueue } from '../../../components/decision-queue';
import type { Column } from '../../../components/list-states';
import { useDecision } from '../../../components/use-decision';
import { useStatusList } from '../../../components/use-status-list';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { decideApproval, listApprovals, PAGE_SIZE, type Approval } from '../api/approvals';
import { approvalsKeys } from '../api/keys';
import { Thresholds } from '../components/thresholds';
import { allOpsQueries } from '../../../lib/query-keys';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * Maker-checker: adjustments and withdrawal payments above the merchant's threshold wait here for a
 * second staff member. One's own requests cannot be approved (the server refuses it too).
 */
export function ApprovalsScreen({ me }: { me: StaffMe }) {
  const { t, i18n } = useTranslation();
  const list = useListParams(['status'] as const);
  const queue = useStatusList(list, {
    statuses: STATUSES,
    initial: 'pending',
    pageSize: PAGE_SIZE,
    query: (page, status) => ({
      queryKey: approvalsKeys.list(page, status),
      queryFn: () => listApprovals(page, status),
    }),
  });
  const decision = useDecision({
    label: { approve: t('approvals.approve'), reject: t('cashier.reject') },
    name: (a: Approval, x) => t(x === 'approve' ? 'approvals.approveOf' : 'approvals.rejectOf', { id: a.id }),
    title: { approve: t('approvals.approveTitle'), reject: t('approvals.rejectTitle') },
    summary: (a) =>
      t('approvals.summary', {
        id: a.id,
        kind: t(`approvals.kinds.${a.kind}`),
        amount: displayAmount(a.amount),
        target: a.target,
        maker: a.maker,
      }),
    decide: (a, x, { reason, key }) => decideApproval(a.id, x, reason, key),
    notice: (a, x) => t(x === 'approve' ? 'approvals.approved' : 'approvals.rejected', { id: a.id }),
    invalidate: allOpsQueries,
  });
  const columns: Column<Approval>[] = [
    { key: 'id', title: t('approvals.request'), render: (a) => `#${a.id}` },
    { key: 'kind', title: t('approvals.kind'), render: (a) => t(`approvals.kinds.${a.kind}`) },
    { key: 'target', title: t('approvals.target'), render: (a) => a.target },
    { key: 'amount', title: t('cashier.amount'), align: 'right', render: (a) => displayAmount(a.amount) },
    { key: 'reason', title: t('decision.reason'), render: (a) => a.reason ?? '—' },
    { key: 'maker', title: t('approvals.maker'), render: (a) => a.maker },
    { key: 'created', title: t('cashier.created'), render: (a) => formatTime(a.createdAt, i18n.language) },
    {
      key: 'decision',
      title: queue.status === 'pending' ? t('common.actions') : t('approvals.checker'),
      render: (a) =>
        a.status !== 'pending' ? (
          <Stack gap={2}>
            <Badge variant="dot" color={a.status === 'approved' ? 'green' : 'red'}>
              {t(`approvals.status.${a.status}`)}
            </Badge>
            <Text size="xs">{a.checker}</Text>
            {a.decisionReason && (
              <Text size="xs" c="dimmed">
                {a.decisionReason}
              </Text>
            )}
          </Stack>
        ) : a.maker === me.username ? (
          <Text size="xs" c="dimmed">
            {t('approvals.yours')}
          </Text>
        ) : (
          <DecisionButtons decision={decision} row={a} />
        ),
    },
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.approvals')}
      </Title>
      <Thresholds editable={me.permissions.includes('staff')} />
      <DecisionQueue
        queue={queue}
        statusLabel={(s) => t(`approvals.status.${s}`)}
        caption={t('approvals.caption', { count: queue.total })}
        columns={columns}
        rowKey={(a) => a.id}
        empty={t('approvals.empty')}
        decision={decision}
      />
    </Stack>
  );
}
