import { Badge, Button, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OpsAgencyTerms, OpsRebateRun } from '@panalo/contract/agent';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { DecisionModal } from '../../components/decision-modal';
import { PagedTable, type Column } from '../../components/list-states';
import { notice } from '../../components/notice';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../i18n';
import { useListParams } from '../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../lib/format';
import { AgentTree } from './agent-tree';
import { RatesAndQuotas } from './rates-form';
import { AgencyTermsForm } from './terms-form';

const PAGE_SIZE = 20;

/** The agency's terms: the highest rate per product, the gap an upline keeps, the free threshold. */
function Terms() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['ops', 'agency-terms'],
    queryFn: () => api<OpsAgencyTerms>('GET', '/ops/agency/terms'),
  });
  const terms = query.data;
  return (
    <Stack>
      <PagedTable<(typeof PRODUCT_GROUPS)[number]>
        caption={t('agency.maxRatesCaption')}
        columns={[
          {
            key: 'product',
            title: t('agency.product'),
            render: (p) => t(`reports.product.${p}`, { defaultValue: p }),
          },
          {
            key: 'max',
            title: t('agency.maxRate'),
            align: 'right',
            render: (p) => `${terms?.maxRates[p] ?? '—'} %`,
          },
        ]}
        rows={terms ? [...PRODUCT_GROUPS] : undefined}
        rowKey={(p) => p}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty=""
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      {terms && (
        <Text size="sm">
          {t('agency.termsLine', {
            gap: terms.minGap,
            free: terms.freeThreshold,
            players: terms.payPlayerRebate ? t('agency.yes') : t('agency.no'),
          })}
        </Text>
      )}
      {terms && <AgencyTermsForm key={JSON.stringify(terms)} terms={terms} />}
    </Stack>
  );
}

/** The daily rebate runs (what each paid and when), and running the days that are due now. */
function RebateRuns() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams([] as const);
  const query = useQuery({
    queryKey: ['ops', 'rebate-runs', list.page],
    queryFn: () =>
      api<{ list: OpsRebateRun[]; totalPages: number; total: number }>('GET', '/ops/agency/rebate-runs', {
        query: { page: list.page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
  const [busy, setBusy] = useState(false);
  const columns: Column<OpsRebateRun>[] = [
    { key: 'day', title: t('agency.day'), render: (r) => r.day },
    { key: 'lines', title: t('agency.lines'), align: 'right', render: (r) => r.lines },
    {
      key: 'beneficiaries',
      title: t('agency.beneficiaries'),
      align: 'right',
      render: (r) => r.beneficiaries,
    },
    { key: 'turnover', title: t('agency.turnover'), align: 'right', render: (r) => displayAmount(r.turnover) },
    { key: 'amount', title: t('agency.amount'), align: 'right', render: (r) => displayAmount(r.amount) },
    { key: 'paid', title: t('agency.paid'), align: 'right', render: (r) => displayAmount(r.paid) },
    {
      key: 'paidAt',
      title: t('agency.paidAt'),
      render: (r) =>
        r.paidAt ? (
          formatTime(r.paidAt, i18n.language)
        ) : (
          <Badge variant="dot" color="yellow">
            {t('agency.notYet')}
          </Badge>
        ),
    },
  ];
  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          variant="default"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void api<{ runs: { day: string; settled: number }[] }>('POST', '/ops/agency/rebate-runs')
              .then(async (r) => {
                notice('green', t('agency.ran', { count: r.runs.length }));
                await queryClient.invalidateQueries({ queryKey: ['ops', 'rebate-runs'] });
              })
              // A refused call in the server's words (no permission, a bad request), not "could not load".
              .catch((err: unknown) =>
                notice('red', errorText(err instanceof ApiError ? err.code : 'unknown_error')),
              )
              .finally(() => setBusy(false));
          }}
        >
          {t('agency.runNow')}
        </Button>
      </Group>
      <PagedTable
        caption={t('agency.runsCaption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rows={query.data?.list}
        rowKey={(r) => r.day}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('agency.noRuns')}
        page={list.page}
        totalPages={query.data?.totalPages ?? 0}
        onPage={list.setPage}
      />
    </Stack>
  );
}

/** Moving a member under another upline (or to the top), audited with the reason. */
function Move() {
  const { t } = useTranslation();
  const named = useListParams(['member'] as const).values.member;
  const [username, setUsername] = useState(named);
  const [upline, setUpline] = useState('');
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  return (
    <Stack maw={520}>
      <Text size="sm" c="dimmed">
        {t('agency.moveHelp')}
      </Text>
      <TextInput
        label={t('agency.member')}
        value={username}
        onChange={(e) => setUsername(e.currentTarget.value)}
      />
      <TextInput
        label={t('agency.newUpline')}
        description={t('agency.newUplineHelp')}
        value={upline}
        onChange={(e) => setUpline(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button disabled={!username.trim()} onClick={() => setAsking(true)}>
          {t('agency.move')}
        </Button>
      </Group>
      <DecisionModal
        opened={asking}
        title={t('agency.moveTitle')}
        summary={
          <Text size="sm">
            {t('agency.moveSummary', { member: username.trim(), upline: upline.trim() || t('agency.top') })}
          </Text>
        }
        confirmLabel={t('agency.move')}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const r = await api<{ username: string; upline: string | null }>('POST', '/ops/agency/move', {
            body: { username: username.trim(), upline: upline.trim() || null, reason },
          });
          notice('green', t('agency.moved', { member: r.username, upline: r.upline ?? t('agency.top') }));
          // The tree and the member's profile and search rows show the upline.
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ['ops', 'agent-tree'] }),
            queryClient.invalidateQueries({ queryKey: ['ops', 'member'] }),
            queryClient.invalidateQueries({ queryKey: ['ops', 'members'] }),
          ]);
          setUsername('');
          setUpline('');
        }}
      />
    </Stack>
  );
}

/** The agency: its tree, the rebate runs, moving members, rates, terms; contracts are their own screen. */
export function AgencyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(['tab'] as const);
  const tab = ['terms', 'runs', 'move', 'rates', 'tree'].includes(list.values.tab) ? list.values.tab : 'runs';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.agency')}
      </Title>
      {/* A tab starts clean: the tree's node or a form's member belongs to the tab that named it. */}
      <Tabs value={tab} onChange={(v) => v && void navigate(v === 'runs' ? '/agency' : `/agency?tab=${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="runs">{t('agency.runs')}</Tabs.Tab>
          <Tabs.Tab value="tree">{t('agencyTree.tab')}</Tabs.Tab>
          <Tabs.Tab value="move">{t('agency.moveTab')}</Tabs.Tab>
          <Tabs.Tab value="rates">{t('agency.ratesTab')}</Tabs.Tab>
          <Tabs.Tab value="terms">{t('agency.terms')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="runs" pt="md">
          {tab === 'runs' && <RebateRuns />}
        </Tabs.Panel>
        <Tabs.Panel value="tree" pt="md">
          {tab === 'tree' && <AgentTree />}
        </Tabs.Panel>
        <Tabs.Panel value="move" pt="md">
          {tab === 'move' && <Move />}
        </Tabs.Panel>
        <Tabs.Panel value="rates" pt="md">
          {tab === 'rates' && <RatesAndQuotas />}
        </Tabs.Panel>
        <Tabs.Panel value="terms" pt="md">
          {tab === 'terms' && <Terms />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
