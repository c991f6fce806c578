import { Group, Select, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProviderMe } from '@panalo/contract/provider';
import { PagedTable, pagedState, type Column } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
// The brands' own call and key: the filter's choices share the brands list's cache.
import { listBrands } from '../../brands/api/brands';
import { brandKeys } from '../../brands/api/keys';
import { listProviderAudit, type ProviderAuditEntry } from '../api/provider-audit';
import { providerAuditKeys } from '../api/keys';
import { AuditChange } from '../components/audit-change';

/** The provider's audit trail (`audit`): who did what to which brand, before → after and why; by brand, paged. */
export function ProviderAuditScreen({ me }: { me: ProviderMe }) {
  const { t, i18n } = useTranslation();
  const list = useListParams(['brand'] as const);
  const brand = list.values.brand;
  const query = useQuery({
    queryKey: providerAuditKeys.list(brand, list.page),
    queryFn: () => listProviderAudit(brand, list.page),
    placeholderData: keepPreviousData,
  });
  const brands = useQuery({
    queryKey: brandKeys.list(),
    queryFn: listBrands,
    enabled: me.permissions.includes('brands.read'),
  });
  const columns: Column<ProviderAuditEntry>[] = [
    { key: 'at', title: t('providerAudit.at'), nowrap: true, render: (e) => formatTime(e.at, i18n.language) },
    { key: 'by', title: t('providerAudit.by'), render: (e) => e.by },
    { key: 'action', title: t('providerAudit.action'), render: (e) => e.action },
    { key: 'brand', title: t('providerAudit.brand'), render: (e) => e.brand ?? '—' },
    {
      key: 'change',
      title: t('providerAudit.change'),
      render: (e) => <AuditChange before={e.before} after={e.after} />,
    },
    { key: 'reason', title: t('providerAudit.reason'), render: (e) => e.reason ?? '—' },
  ];
  const choices = (brands.data?.list ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }));
  // A brand in the address the list does not hold (yet) is still a choice, so the filter shows it.
  if (brand && !choices.some((c) => c.value === brand)) choices.push({ value: brand, label: brand });
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('providerAudit.title')}
      </Title>
      <Group>
        <Select
          label={t('providerAudit.brandFilter')}
          placeholder={t('providerAudit.allBrands')}
          data={choices}
          value={brand || null}
          onChange={(v) => list.setFilter('brand', v ?? '')}
          searchable
          clearable
          w={280}
          nothingFoundMessage={t('launch.nothingFound')}
        />
      </Group>
      <PagedTable
        caption={t('providerAudit.caption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rowKey={(e) => e.id}
        empty={t('providerAudit.empty')}
        minWidth={900}
        {...pagedState(query, list)}
      />
    </Stack>
  );
}
