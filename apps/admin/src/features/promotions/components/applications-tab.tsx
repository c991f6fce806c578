import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsApplication } from '@panalo/contract/promotions';
import { AuthImage } from '../../../components/auth-image';
import { DecisionModal } from '../../../components/decision-modal';
import { PagedTable, StatusBar, type Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { promotionsKeys } from '../api/keys';
import { applicationImagePath, listApplications, PAGE_SIZE, reviewApplication } from '../api/promotions';

const APP_STATUSES = ['applying', 'issued', 'claimed', 'rejected'] as const;

/** Applications to review: the member's comment and pictures, accounts linked to it; approve or reject. */
export function ApplicationsTab() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(['status'] as const);
  const status = (APP_STATUSES as readonly string[]).includes(list.values.status)
    ? list.values.status
    : 'applying';
  const query = useQuery({
    queryKey: promotionsKeys.applicationList(list.page, status),
    queryFn: () => listApplications(list.page, status),
    placeholderData: keepPreviousData,
  });
  const [deciding, setDeciding] = useState<{ a: OpsApplication; approve: boolean } | null>(null);
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
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setDeciding({ a, approve: true })}
              aria-label={t('promotions.approveOf', { member: a.username })}
            >
              {t('promotions.approve')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setDeciding({ a, approve: false })}
              aria-label={t('promotions.rejectOf', { member: a.username })}
            >
              {t('promotions.reject')}
            </Button>
          </Group>
        ) : (
          <Badge variant="dot">{t(`promotions.status.${a.status}`, { defaultValue: a.status })}</Badge>
        ),
    },
  ];
  return (
    <Stack>
      <StatusBar
        statuses={APP_STATUSES}
        value={status as (typeof APP_STATUSES)[number]}
        label={(s) => t(`promotions.status.${s}`)}
        onChange={(v) => list.setFilter('status', v === 'applying' ? '' : v)}
      />
      <PagedTable
        caption={t('promotions.applicationsCaption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rows={query.data?.list}
        rowKey={(a) => a.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('promotions.noApplications')}
        page={list.page}
        totalPages={Math.ceil((query.data?.total ?? 0) / PAGE_SIZE)}
        onPage={list.setPage}
      />
      <DecisionModal
        opened={deciding !== null}
        title={deciding?.approve ? t('promotions.approveTitle') : t('promotions.rejectTitle')}
        summary={
          deciding && (
            <Text size="sm">
              {t(deciding.approve ? 'promotions.approveSummary' : 'promotions.rejectSummary', {
                member: deciding.a.username,
                promotion: deciding.a.promotion,
                amount: displayAmount(deciding.a.amount),
              })}
            </Text>
          )
        }
        confirmLabel={deciding?.approve ? t('promotions.approve') : t('promotions.reject')}
        danger={deciding?.approve === false}
        reasonRequired={deciding?.approve === false}
        reason={deciding?.approve ? false : undefined}
        onClose={() => setDeciding(null)}
        onConfirm={async ({ reason }) => {
          const d = deciding!;
          await reviewApplication(d.a.id, d.approve ? { approve: true } : { approve: false, reason });
          notice(
            d.approve ? 'green' : 'gray',
            t(d.approve ? 'promotions.approved' : 'promotions.rejected', { member: d.a.username }),
          );
          await queryClient.invalidateQueries({ queryKey: promotionsKeys.applications() });
        }}
      />
    </Stack>
  );
}
