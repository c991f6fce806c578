import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { PagedTable, type Column } from '../../../components/list-states';
import { useListParams } from '../../../lib/list-params';
import { displayAmount } from '@panalo/contract/money';
import { getAgentTree, type OpsTreeMember } from '../api/agency';
import { agencyKeys } from '../api/keys';

/** The agency screen's own URL for a tab, with a member named (the tree's node, a form's member). */
export const agencyLink = (tab: string, member?: string) =>
  `/agency?tab=${tab}${member ? `&${tab === 'tree' ? 'under' : 'member'}=${encodeURIComponent(member)}` : ''}`;

/** The non-zero rates, "lottery 7.00 %, sports 1.50 %", or a dash. */
function RatesLine({ m }: { m: OpsTreeMember }) {
  const { t } = useTranslation();
  const held = PRODUCT_GROUPS.filter((g) => Number(m.rates[g]) > 0);
  if (held.length === 0) return <>—</>;
  return <>{held.map((g) => `${t(`reports.product.${g}`)} ${m.rates[g]} %`).join(', ')}</>;
}

/** Links from a member of the tree to the forms that act on it, and to its profile. */
function Actions({ m }: { m: OpsTreeMember }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor
        component={Link}
        to={agencyLink('rates', m.username)}
        size="sm"
        aria-label={`${t('agencyTree.rates')} ${m.username}`}
      >
        {t('agencyTree.rates')}
      </Anchor>
      <Anchor
        component={Link}
        to={agencyLink('move', m.username)}
        size="sm"
        aria-label={`${t('agencyTree.move')} ${m.username}`}
      >
        {t('agencyTree.move')}
      </Anchor>
      <Anchor
        component={Link}
        to={`/members/${m.id}`}
        size="sm"
        aria-label={`${t('agencyTree.profile')} ${m.username}`}
      >
        {t('agencyTree.profile')}
      </Anchor>
    </Group>
  );
}

/**
 * The agents' tree: the top agents, then any member's direct downline page by page, each with its
 * team, the team's last 30 days of turnover, its rates and quotas. A username opens its downline; the
 * path above the member leads back up; a member can be looked up by name.
 */
export function AgentTree() {
  const { t } = useTranslation();
  const list = useListParams(['under', 'agents'] as const);
  const under = list.values.under.trim();
  const agentsOnly = list.values.agents === '1';
  const [search, setSearch] = useState(under);
  const query = useQuery({
    queryKey: agencyKeys.agentTreePage(under, agentsOnly, list.page),
    queryFn: () => getAgentTree(under, agentsOnly, list.page),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const node = data?.node ?? null;
  const find = (e: FormEvent) => {
    e.preventDefault();
    list.setFilter('under', search.trim());
  };
  const type = (m: OpsTreeMember) => t(`agencyTree.type.${m.type}`, { defaultValue: String(m.type) });
  const columns: Column<OpsTreeMember>[] = [
    {
      key: 'username',
      title: t('agencyTree.username'),
      render: (m) => (
        <Anchor component={Link} to={agencyLink('tree', m.username)} onClick={() => setSearch(m.username)}>
          {m.username}
        </Anchor>
      ),
    },
    { key: 'type', title: t('agencyTree.typeTitle'), render: type },
    {
      key: 'status',
      title: t('cashier.status'),
      render: (m) => (
        <Badge variant="dot" color={m.status === 'active' ? 'green' : 'red'}>
          {t(`members.status.${m.status}`)}
        </Badge>
      ),
    },
    { key: 'direct', title: t('agencyTree.direct'), align: 'right', render: (m) => m.direct },
    { key: 'team', title: t('agencyTree.team'), align: 'right', render: (m) => m.team },
    {
      key: 'turnover',
      title: t('agencyTree.turnover30'),
      align: 'right',
      render: (m) => displayAmount(m.teamTurnover30),
    },
    { key: 'rates', title: t('agencyTree.ratesTitle'), render: (m) => <RatesLine m={m} /> },
    { key: 'actions', title: t('agencyTree.actions'), render: (m) => <Actions m={m} /> },
  ];
  return (
    <Stack>
      <form onSubmit={find} role="search">
        <Group align="flex-end">
          <TextInput
            label={t('agencyTree.find')}
            description={t('agencyTree.findHelp')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maw={320}
          />
          <Button type="submit" variant="default">
            {t('agencyTree.show')}
          </Button>
        </Group>
      </form>
      <nav aria-label={t('agencyTree.path')}>
        <Group gap={6} wrap="wrap">
          {under ? (
            <Anchor component={Link} to={agencyLink('tree')} onClick={() => setSearch('')}>
              {t('agencyTree.top')}
            </Anchor>
          ) : (
            <Text fw={600} aria-current="page">
              {t('agencyTree.top')}
            </Text>
          )}
          {data?.ancestors.map((a) => (
            <Group key={a.id} gap={6} wrap="nowrap">
              <Text aria-hidden>›</Text>
              <Anchor
                component={Link}
                to={agencyLink('tree', a.username)}
                onClick={() => setSearch(a.username)}
              >
                {a.username}
              </Anchor>
            </Group>
          ))}
          {node && (
            <Group gap={6} wrap="nowrap">
              <Text aria-hidden>›</Text>
              <Text fw={600} aria-current="page">
                {node.username}
              </Text>
            </Group>
          )}
        </Group>
      </nav>
      {node && (
        <Paper withBorder p="md" aria-label={node.username} component="section">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={t('agencyTree.typeTitle')} value={type(node)} />
            <Figure label={t('agencyTree.direct')} value={String(node.direct)} />
            <Figure label={t('agencyTree.team')} value={String(node.team)} />
            <Figure label={t('agencyTree.turnover30')} value={displayAmount(node.teamTurnover30)} />
          </SimpleGrid>
          <Text size="sm" mt="sm">
            {t('agencyTree.ratesTitle')}: <RatesLine m={node} />
          </Text>
          <Text size="sm">
            {t('agencyTree.quotas')}:{' '}
            {node.quotas.length === 0
              ? '—'
              : node.quotas
                  .map((q) => t('agencyTree.quota', { rate: q.rate, count: q.remaining }))
                  .join(', ')}
          </Text>
          <Group mt="sm">
            <Actions m={node} />
          </Group>
        </Paper>
      )}
      {under && (
        <Switch
          label={t('agencyTree.agentsOnly')}
          checked={agentsOnly}
          onChange={(e) => list.setFilter('agents', e.currentTarget.checked ? '1' : '')}
        />
      )}
      <PagedTable
        caption={
          node
            ? t('agencyTree.downlineCaption', { member: node.username, count: data?.total ?? 0 })
            : t('agencyTree.topCaption', { count: data?.total ?? 0 })
        }
        columns={columns}
        rows={data?.list}
        rowKey={(m) => m.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={node ? t('agencyTree.noDownline') : t('agencyTree.noTop')}
        page={list.page}
        totalPages={data?.totalPages ?? 0}
        onPage={list.setPage}
      />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}
