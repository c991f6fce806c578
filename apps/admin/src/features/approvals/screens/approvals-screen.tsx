import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../components/notice';
import type { StaffMe } from '@panalo/contract/staff';
import { DecisionModal } from '../../../components/decision-modal';
import { PagedTable, pagedState, StatusBar, type Column } from '../../../components/list-states';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { decideApproval, listApprovals, type Approval } from '../api/approvals';
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
  const status = list.values.status || 'pending';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: approvalsKeys.list(list.page, status),
    queryFn: () => listApprovals(list.page, status),
    placeholderData: keepPreviousData,
  });
  const [deciding, setDeciding] = useState<{ a: Approval; decision: 'approve' | 'reject' } | null>(null);
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
      title: status === 'pending' ? t('common.actions') : t('approvals.checker'),
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
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setDeciding({ a, decision: 'approve' })}
              aria-label={t('approvals.approveOf', { id: a.id })}
            >
              {t('approvals.approve')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setDeciding({ a, decision: 'reject' })}
              aria-label={t('approvals.rejectOf', { id: a.id })}
            >
              {t('cashier.reject')}
            </Button>
          </Group>
        ),
    },
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.approvals')}
      </Title>
      <Thresholds editable={me.permissions.includes('staff')} />
      <StatusBar
        statuses={STATUSES}
        value={status as (typeof STATUSES)[number]}
        label={(s) => t(`approvals.status.${s}`)}
        onChange={(v) => list.setFilter('status', v === 'pending' ? '' : v)}
      />
      <PagedTable
        caption={t('approvals.caption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rowKey={(a) => a.id}
        empty={t('approvals.empty')}
        {...pagedState(query, list)}
      />
      <DecisionModal
        opened={deciding !== null}
        title={deciding?.decision === 'approve' ? t('approvals.approveTitle') : t('approvals.rejectTitle')}
        summary={
          deciding &&
          t('approvals.summary', {
            id: deciding.a.id,
            kind: t(`approvals.kinds.${deciding.a.kind}`),
            amount: displayAmount(deciding.a.amount),
            target: deciding.a.target,
            maker: deciding.a.maker,
          })
        }
        confirmLabel={deciding?.decision === 'approve' ? t('approvals.approve') : t('cashier.reject')}
        danger={deciding?.decision === 'reject'}
        reasonRequired={deciding?.decision === 'reject'}
        onClose={() => setDeciding(null)}
        onConfirm={async ({ reason, key }) => {
          const d = deciding!;
          await decideApproval(d.a.id, d.decision, reason, key);
          notice(
            d.decision === 'approve' ? 'green' : 'gray',
            t(d.decision === 'approve' ? 'approvals.approved' : 'approvals.rejected', {
              id: d.a.id,
            }),
          );
          await queryClient.invalidateQueries({ queryKey: allOpsQueries });
        }}
      />
    </Stack>
  );
}
