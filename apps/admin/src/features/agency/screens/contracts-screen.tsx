import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../../components/decision-modal';
import { PagedTable, StatusBar, type Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { listSettlements, resolveSettlement, type ContractSettlement } from '../api/contracts';
import { agencyKeys } from '../api/keys';
import { ContractTermsCard } from '../components/contract-terms';

const STATUSES = ['owed', 'paid', 'void', 'nil'] as const;

/**
 * Agent contracts' settlements: what each contract paid, or owes when its payer was short. An owed one
 * can be paid by the platform (force-pay) or voided, each with its reason (audited).
 */
export function ContractsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(['status'] as const);
  const status = (STATUSES as readonly string[]).includes(list.values.status) ? list.values.status : 'owed';
  const query = useQuery({
    queryKey: agencyKeys.settlementsOf(status),
    queryFn: () => listSettlements(status),
    placeholderData: keepPreviousData,
  });
  const [resolving, setResolving] = useState<{ s: ContractSettlement; action: 'pay' | 'void' } | null>(null);
  const columns: Column<ContractSettlement>[] = [
    { key: 'member', title: t('contracts.agent'), render: (s) => s.member },
    { key: 'kind', title: t('contracts.kind'), render: (s) => t(`contracts.kinds.${s.kind}`) },
    { key: 'period', title: t('contracts.period'), render: (s) => s.period },
    {
      key: 'turnover',
      title: t('contracts.turnover'),
      align: 'right',
      render: (s) => displayAmount(s.turnover),
    },
    {
      key: 'netLoss',
      title: t('contracts.netLoss'),
      align: 'right',
      render: (s) => displayAmount(s.netLoss),
    },
    {
      key: 'tier',
      title: t('contracts.tier'),
      align: 'right',
      render: (s) => (s.tier === null ? '—' : `${s.tier} · ${s.rate} %`),
    },
    { key: 'amount', title: t('contracts.amount'), align: 'right', render: (s) => displayAmount(s.amount) },
    {
      key: 'payer',
      title: t('contracts.payer'),
      render: (s) =>
        s.payer === 'platform' ? t('contracts.platform') : (s.payerName ?? t('contracts.upline')),
    },
    {
      key: 'status',
      title: t('contracts.status'),
      render: (s) => (
        <Stack gap={2}>
          <Badge
            variant="dot"
            color={s.status === 'owed' ? 'yellow' : s.status === 'paid' ? 'green' : 'gray'}
          >
            {t(`contracts.statuses.${s.status}`)}
          </Badge>
          {s.reason && (
            <Text size="xs" c="dimmed">
              {s.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (s) =>
        s.status === 'owed' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setResolving({ s, action: 'pay' })}
              aria-label={t('contracts.payOf', { id: s.id })}
            >
              {t('contracts.pay')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setResolving({ s, action: 'void' })}
              aria-label={t('contracts.voidOf', { id: s.id })}
            >
              {t('contracts.void')}
            </Button>
          </Group>
        ) : null,
    },
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.contracts')}
      </Title>
      <ContractTermsCard />
      <StatusBar
        statuses={STATUSES}
        value={status as (typeof STATUSES)[number]}
        label={(s) => t(`contracts.statuses.${s}`)}
        onChange={(v) => list.setFilter('status', v === 'owed' ? '' : v)}
      />
      <PagedTable
        caption={t('contracts.caption', { count: query.data?.list.length ?? 0 })}
        columns={columns}
        rows={query.data?.list}
        rowKey={(s) => s.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('contracts.empty')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      <DecisionModal
        opened={resolving !== null}
        title={resolving?.action === 'pay' ? t('contracts.payTitle') : t('contracts.voidTitle')}
        summary={
          resolving && (
            <Text size="sm">
              {t(resolving.action === 'pay' ? 'contracts.paySummary' : 'contracts.voidSummary', {
                agent: resolving.s.member,
                amount: displayAmount(resolving.s.amount),
                period: resolving.s.period,
              })}
            </Text>
          )
        }
        confirmLabel={resolving?.action === 'pay' ? t('contracts.pay') : t('contracts.void')}
        danger={resolving?.action === 'void'}
        reasonRequired
        onClose={() => setResolving(null)}
        onConfirm={async ({ reason }) => {
          const r = resolving!;
          await resolveSettlement(r.s.id, r.action, reason);
          notice(
            'green',
            t(r.action === 'pay' ? 'contracts.paid' : 'contracts.voided', { agent: r.s.member }),
          );
          await queryClient.invalidateQueries({ queryKey: agencyKeys.settlements() });
        }}
      />
    </Stack>
  );
}
