import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpsApplication } from '@panalo/contract/promotions';
import { AuthImage } from '../../../components/auth-image';
import { DecisionButtons, DecisionQueue } from '../../../components/decision-queue';
import type { Column } from '../../../components/list-states';
import { useDecision } from '../../../components/use-decision';
import { useStatusList } from '../../../components/use-status-list';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { promotionsKeys } from '../api/keys';
import { applicationImagePath, listApplications, PAGE_SIZE, reviewApplication } from '../api/promotions';

const APP_STATUSES = ['applying', 'issued', 'claimed', 'rejected'] as const;

/** Applications to review: the member's comment and pictures, accounts linked to it; approve or reject. */
export function ApplicationsTab() {
  const { t, i18n } = useTranslation();
  const list = useListParams(['status'] as const);
  const queue = useStatusList(list, {
    statuses: APP_STATUSES,
    initial: 'applying',
    pageSize: PAGE_SIZE,
    query: (page, status) => ({
      queryKey: promotionsKeys.applicationList(page, status),
      queryFn: () => listApplications(page, status),
    }),
  });
  // Approving issues the promotion's reward as it is: the dialog asks no reason (a refusal needs one).
  const decision = useDecision({
    label: { approve: t('promotions.approve'), reject: t('promotions.reject') },
    name: (a: OpsApplication, x) =>
      t(x === 'approve' ? 'promotions.approveOf' : 'promotions.rejectOf', { member: a.username }),
    title: { approve: t('promotions.approveTitle'), reject: t('promotions.rejectTitle') },
    summary: (a, x) => (
      <Text size="sm">
        {t(x === 'approve' ? 'promotions.approveSummary' : 'promotions.rejectSummary', {
          member: a.username,
          promotion: a.promotion,
          amount: displayAmount(a.amount),
        })}
      </Text>
    ),
    approveWithoutReason: true,
    decide: (a, x, { reason }) =>
      reviewApplication(a.id, x === 'approve' ? { approve: true } : { approve: false, reason }),
    notice: (a, x) =>
      t(x === 'approve' ? 'promotions.approved' : 'promotions.rejected', { member: a.username }),
    invalidate: promotionsKeys.applications(),
  });
  const columns: Column<OpsApplication>[] = [
    { key: 'when', title: t('promotions.applied'), render: (a) => formatTime(a.createdAt, i18n.language) },
    { key: 'member', title: t('promotions.member'), render: (a) => a.username },
    { key: 'promotion', title: t('promotions.promotion'), render: (a) => a.promotion },
    {
      key: 'comment',
      title: t('promotions.comment'),
      render: (a) => (
        <Stack gap={4} maw={360}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {a.comment || '—'}
          </Text>
          {a.images > 0 && (
            <Group gap={4}>
              {Array.from({ length: a.images }, (_, i) => (
                <AuthImage
                  key={i}
                  path={applicationImagePath(a.id, i + 1)}
                  alt={t('promotions.image', { n: i + 1, member: a.username })}
                />
              ))}
            </Group>
          )}
          {a.reason && (
            <Text size="xs" c="dimmed">
              {t('promotions.rejectedFor', { reason: a.reason })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'linked',
      title: t('promotions.linked'),
      render: (a) =>
        a.linked.length === 0 ? (
          '—'
        ) : (
          <Stack gap={2}>
            {a.linked.map((l) => (
              <Badge key={l.username} color="orange" variant="light">
                {l.username} ({l.via.map((v) => t(`promotions.via.${v}`)).join(', ')})
              </Badge>
            ))}
          </Stack>
        ),
    },
    { key: 'amount', title: t('promotions.amount'), align: 'right', render: (a) => displayAmount(a.amount) },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (a) =>
        a.status === 'applying' ? (
          <DecisionButtons decision={decision} row={a} />
        ) : (
          <Badge variant="dot">{t(`promotions.status.${a.status}`, { defaultValue: a.status })}</Badge>
        ),
    },
  ];
  return (
    <Stack>
      <DecisionQueue
        queue={queue}
        statusLabel={(s) => t(`promotions.status.${s}`)}
        caption={t('promotions.applicationsCaption', { count: queue.total })}
        columns={columns}
        rowKey={(a) => a.id}
        empty={t('promotions.noApplications')}
        decision={decision}
      />
    </Stack>
  );
}
