import { Badge, Button, Group, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROMO_API, promoPath } from '@panalo/contract/promotion-rules';
import type { OpsApplication, VipLevelsRequest } from '@panalo/contract/promotions';
import { AuthImage } from '../../components/auth-image';
import { DecisionModal } from '../../components/decision-modal';
import { PagedTable, StatusBar, type Column } from '../../components/list-states';
import { notice } from '../../components/notice';
import { api } from '../../lib/api';
import { useListParams } from '../../lib/list-params';
import { VipEditor } from './vip-editor';
import { vipNameFor } from './vip-names';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../lib/format';

type OpsPromotion = {
  id: string;
  code: string;
  kind: string;
  title: string;
  enabled: boolean;
  budget: string | null;
  granted: string;
  startsAt: string;
  endsAt: string | null;
};
const APP_STATUSES = ['applying', 'issued', 'claimed', 'rejected'] as const;
const PAGE_SIZE = 20;
const applicationImagePath = (id: string, n: number) =>
  PROMO_API.applicationImage.replace(':id', encodeURIComponent(id)).replace(':n', String(n));

/** The merchant's promotions with their budgets, and a grant of one to named members. */
function Promotions() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['ops', 'promotions'],
    queryFn: () => api<OpsPromotion[]>('GET', PROMO_API.opsList),
  });
  const [granting, setGranting] = useState<OpsPromotion | null>(null);
  const [usernames, setUsernames] = useState('');
  const [amount, setAmount] = useState('');
  const columns: Column<OpsPromotion>[] = [
    {
      key: 'code',
      title: t('promotions.code'),
      render: (p) => (
        <Text ff="monospace" size="sm">
          {p.code}
        </Text>
      ),
    },
    { key: 'title', title: t('promotions.title'), render: (p) => p.title },
    { key: 'kind', title: t('promotions.kind'), render: (p) => p.kind },
    {
      key: 'on',
      title: t('promotions.state'),
      render: (p) => (
        <Badge variant="dot" color={p.enabled ? 'green' : 'gray'}>
          {p.enabled ? t('promotions.on') : t('promotions.off')}
        </Badge>
      ),
    },
    {
      key: 'budget',
      title: t('promotions.budgetUsed'),
      align: 'right',
      render: (p) =>
        p.budget === null
          ? displayAmount(p.granted)
          : `${displayAmount(p.granted)} / ${displayAmount(p.budget)}`,
    },
    {
      key: 'window',
      title: t('promotions.window'),
      render: (p) =>
        `${formatTime(p.startsAt, i18n.language)} – ${p.endsAt ? formatTime(p.endsAt, i18n.language) : '…'}`,
    },
    {
      key: 'grant',
      title: t('common.actions'),
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/promotions/${p.id}`}
            aria-label={t('promotions.editOf', { code: p.code })}
          >
            {t('promotions.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => setGranting(p)}
            aria-label={t('promotions.grantOf', { code: p.code })}
          >
            {t('promotions.grant')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <>
      <Group justify="flex-end">
        <Button component={Link} to="/promotions/new">
          {t('promotions.new')}
        </Button>
      </Group>
      <PagedTable
        caption={t('promotions.caption', { count: query.data?.length ?? 0 })}
        columns={columns}
        rows={query.data}
        rowKey={(p) => p.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('promotions.empty')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      <DecisionModal
        opened={granting !== null}
        title={t('promotions.grantTitle', { code: granting?.code ?? '' })}
        summary={
          <Stack>
            <Text size="sm">{t('promotions.grantHelp')}</Text>
            <Textarea
              label={t('promotions.usernames')}
              value={usernames}
              onChange={(e) => setUsernames(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <TextInput
              label={t('promotions.amountOptional')}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              inputMode="decimal"
            />
          </Stack>
        }
        confirmLabel={t('promotions.grant')}
        reason={false}
        onClose={() => {
          setGranting(null);
          setUsernames('');
          setAmount('');
        }}
        onConfirm={async () => {
          const names = [...new Set(usernames.split(/[\s,;]+/).filter(Boolean))];
          const r = await api<{ granted: number; already: string[]; unknown: string[] }>(
            'POST',
            promoPath(PROMO_API.opsGrant, granting!.id),
            { body: { usernames: names, ...(amount.trim() ? { amount: amount.trim() } : {}) } },
          );
          notice(
            r.unknown.length > 0 || r.already.length > 0 ? 'gray' : 'green',
            t('promotions.granted', {
              count: r.granted,
              already: r.already.length,
              unknown: r.unknown.join(', ') || '—',
            }),
          );
          await queryClient.invalidateQueries({ queryKey: ['ops', 'promotions'] });
        }}
      />
    </>
  );
}

/** Applications to review: the member's comment and pictures, accounts linked to it; approve or reject. */
function Applications() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams(['status'] as const);
  const status = (APP_STATUSES as readonly string[]).includes(list.values.status)
    ? list.values.status
    : 'applying';
  const query = useQuery({
    queryKey: ['ops', 'applications', list.page, status],
    queryFn: () =>
      api<{ list: OpsApplication[]; total: number }>('GET', PROMO_API.opsApplications, {
        query: { status, page: list.page, pageSize: PAGE_SIZE },
      }),
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
          await api('POST', promoPath(PROMO_API.opsReview, d.a.id), {
            body: d.approve ? { approve: true } : { approve: false, reason },
          });
          notice(
            d.approve ? 'green' : 'gray',
            t(d.approve ? 'promotions.approved' : 'promotions.rejected', { member: d.a.username }),
          );
          await queryClient.invalidateQueries({ queryKey: ['ops', 'applications'] });
        }}
      />
    </Stack>
  );
}

/** The VIP club's levels as they stand (what each asks and gives). */
function VipLevels() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['ops', 'vip-levels'],
    queryFn: () => api<{ levels: VipLevelsRequest['levels'] }>('GET', PROMO_API.opsVipLevels),
  });
  type Level = VipLevelsRequest['levels'][number];
  const columns: Column<Level>[] = [
    { key: 'level', title: t('vip.level'), render: (l) => `VIP ${l.level}` },
    { key: 'name', title: t('vip.name'), render: (l) => vipNameFor(l.names, i18n.language) },
    {
      key: 'deposits',
      title: t('vip.deposits'),
      align: 'right',
      render: (l) => displayAmount(l.depositsRequired),
    },
    {
      key: 'turnover',
      title: t('vip.turnover'),
      align: 'right',
      render: (l) => displayAmount(l.turnoverRequired),
    },
    {
      key: 'bonus',
      title: t('vip.levelUpBonus'),
      align: 'right',
      render: (l) => displayAmount(l.levelUpBonus),
    },
    {
      key: 'monthly',
      title: t('vip.monthlyBonus'),
      align: 'right',
      render: (l) => displayAmount(l.monthlyBonus),
    },
    {
      key: 'withdraw',
      title: t('vip.withdrawals'),
      render: (l) =>
        l.withdrawDailyCount === null && l.withdrawDailyAmount === null
          ? t('vip.noLimit')
          : t('vip.withdrawLimit', {
              count: l.withdrawDailyCount ?? '∞',
              amount: l.withdrawDailyAmount ? displayAmount(l.withdrawDailyAmount) : '∞',
            }),
    },
  ];
  const levels = query.data?.levels;
  return (
    <Stack gap="xl">
      <PagedTable
        caption={t('vip.caption')}
        columns={columns}
        rows={levels}
        rowKey={(l) => String(l.level)}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('vip.empty')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      {levels && levels.length > 0 && (
        <VipEditor
          key={JSON.stringify(levels)}
          levels={levels}
          languages={[...new Set(levels.flatMap((l) => Object.keys(l.names)))]}
        />
      )}
    </Stack>
  );
}

/** Promotions, their applications to review, and the VIP club. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const list = useListParams(['tab'] as const);
  const tab = ['promotions', 'applications', 'vip'].includes(list.values.tab)
    ? list.values.tab
    : 'applications';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.promotions')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && list.setFilter('tab', v === 'applications' ? '' : v)}>
        <Tabs.List>
          <Tabs.Tab value="applications">{t('promotions.applications')}</Tabs.Tab>
          <Tabs.Tab value="promotions">{t('promotions.list')}</Tabs.Tab>
          <Tabs.Tab value="vip">{t('vip.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications" pt="md">
          {tab === 'applications' && <Applications />}
        </Tabs.Panel>
        <Tabs.Panel value="promotions" pt="md">
          {tab === 'promotions' && <Promotions />}
        </Tabs.Panel>
        <Tabs.Panel value="vip" pt="md">
          {tab === 'vip' && <VipLevels />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
