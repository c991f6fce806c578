import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../components/notice';
import type { Approval, ApprovalThresholds, StaffMe } from '@panalo/contract/staff';
import { DecisionModal } from '../../components/decision-modal';
import { PagedTable, pagedState, StatusBar, type Column } from '../../components/list-states';
import { api, ApiError } from '../../lib/api';
import { useListParams } from '../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../lib/format';
import { errorText } from '../../i18n';
import { ThresholdsNotice } from './thresholds-notice';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The owner's thresholds: above them an adjustment or a withdrawal payment needs a second staff member. */
function Thresholds({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['ops', 'approvals', 'thresholds'],
    queryFn: () => api<ApprovalThresholds>('GET', '/ops/approvals/thresholds'),
  });
  const [draft, setDraft] = useState<{ adjustment: string; withdrawal: string; reason: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!query.data) return null;
  const current = query.data;
  const edit = () =>
    setDraft({
      adjustment: current.adjustmentAbove ?? '',
      withdrawal: current.withdrawalAbove ?? '',
      reason: '',
    });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setError(null);
    try {
      await api('PUT', '/ops/approvals/thresholds', {
        body: {
          adjustmentAbove: draft.adjustment.trim() || null,
          withdrawalAbove: draft.withdrawal.trim() || null,
          reason: draft.reason.trim(),
        },
      });
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: ['ops', 'approvals', 'thresholds'] });
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    }
  };
  return (
    <Paper withBorder p="md">
      {draft ? (
        <form onSubmit={save}>
          <Stack>
            <Group grow align="flex-start">
              <TextInput
                label={t('approvals.adjustmentAbove')}
                description={t('approvals.emptyNever')}
                inputMode="decimal"
                value={draft.adjustment}
                onChange={(e) => setDraft({ ...draft, adjustment: e.currentTarget.value })}
              />
              <TextInput
                label={t('approvals.withdrawalAbove')}
                description={t('approvals.emptyNever')}
                inputMode="decimal"
                value={draft.withdrawal}
                onChange={(e) => setDraft({ ...draft, withdrawal: e.currentTarget.value })}
              />
            </Group>
            <TextInput
              label={t('decision.reason')}
              value={draft.reason}
              required
              onChange={(e) => setDraft({ ...draft, reason: e.currentTarget.value })}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit">{t('common.save')}</Button>
              <Button variant="default" onClick={() => setDraft(null)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Box flex={1}>
            <ThresholdsNotice thresholds={query.data} onSet={editable ? edit : null} />
          </Box>
          {editable && (
            <Button size="xs" variant="default" onClick={edit}>
              {t('approvals.change')}
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}

/**
 * Maker-checker: adjustments and withdrawal payments above the merchant's threshold wait here for a
 * second staff member. One's own requests cannot be approved (the server refuses it too).
 */
export function ApprovalsPage({ me }: { me: StaffMe }) {
  const { t, i18n } = useTranslation();
  const list = useListParams(['status'] as const);
  const status = list.values.status || 'pending';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['ops', 'approvals', list.page, status],
    queryFn: () =>
      api<{ list: Approval[]; total: number; totalPages: number }>('GET', '/ops/approvals', {
        query: { status, page: list.page, pageSize: 20 },
      }),
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
          await api('POST', `/ops/approvals/${d.a.id}/${d.decision}`, {
            body: reason ? { reason } : {},
            idempotencyKey: key,
          });
          notice(
            d.decision === 'approve' ? 'green' : 'gray',
            t(d.decision === 'approve' ? 'approvals.approved' : 'approvals.rejected', {
              id: d.a.id,
            }),
          );
          await queryClient.invalidateQueries({ queryKey: ['ops'] });
        }}
      />
    </Stack>
  );
}
