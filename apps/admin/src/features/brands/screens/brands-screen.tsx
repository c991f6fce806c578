import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProviderMe } from '@panalo/contract/provider';
import { PagedTable, type Column } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import { listBrands, type BrandSummary } from '../api/brands';
import { brandKeys } from '../api/keys';
import { StatusBadge } from '../components/status-badge';

/** Every brand on the platform: its status, main domain, players and age; "Launch a brand" for onboarding. */
export function BrandsScreen({ me }: { me: ProviderMe }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({ queryKey: brandKeys.list(), queryFn: listBrands });
  const canLaunch = me.permissions.includes('brands.launch');
  const columns: Column<BrandSummary>[] = [
    {
      key: 'code',
      title: t('brands.code'),
      render: (b) => (
        <Anchor component={Link} to={`/provider/brands/${encodeURIComponent(b.code)}`}>
          {b.code}
        </Anchor>
      ),
    },
    { key: 'name', title: t('brands.name'), render: (b) => b.name },
    { key: 'status', title: t('brands.statusLabel'), render: (b) => <StatusBadge status={b.status} /> },
    { key: 'domain', title: t('brands.mainDomain'), render: (b) => b.mainDomain },
    {
      key: 'players',
      title: t('brands.players'),
      align: 'right',
      render: (b) => b.players.toLocaleString(i18n.language === 'ty' ? 'fil-PH' : 'en-PH'),
    },
    {
      key: 'created',
      title: t('brands.created'),
      nowrap: true,
      render: (b) => formatTime(b.createdAt, i18n.language),
    },
  ];
  const empty = query.data?.list.length === 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('brands.title')}
        </Title>
        {canLaunch && (
          <Button component={Link} to="/provider/launch">
            {t('brands.launch')}
          </Button>
        )}
      </Group>
      <PagedTable
        caption={t('brands.caption', { count: query.data?.list.length ?? 0 })}
        columns={columns}
        rows={query.data?.list}
        rowKey={(b) => b.code}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('brands.empty')}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      {empty && canLaunch && (
        <Text size="sm" c="dimmed">
          {t('brands.emptyHelp')}
        </Text>
      )}
    </Stack>
  );
}
