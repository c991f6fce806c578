import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayAmount } from '@panalo/contract/money';
import { PagedTable, type Column } from '../../../components/list-states';
import { useListParams } from '../../../lib/list-params';
import { providerBillingKeys } from '../api/keys';
import { listInvoices, type BrandInvoice } from '../api/provider-billing';
import { InvoiceBadges } from '../components/invoice-badges';
import { InvoicesCsvButton } from '../components/invoices-csv-button';
import { MonthPicker } from '../components/month-picker';
import { invoiceMonthOf, monthLabel } from '../rules/month';

/** The address of one brand's invoice page. */
const invoicePath = (brand: string, month: string) =>
  `/provider/invoices/${encodeURIComponent(brand)}/${month}`;

/**
 * The provider's invoices of a month (`figures`; last month by default, `?month=` in the address): per
 * brand its NGR, share fees, minimum fee and what is due, whether the minimum fee applied and the days
 * without terms; the month as a CSV; a brand's row opens its invoice.
 */
export function InvoicesScreen() {
  const { t, i18n } = useTranslation();
  const list = useListParams(['month'] as const);
  // Now as the screen opened: the default month and the last one offered.
  const [now] = useState(() => new Date());
  const month = invoiceMonthOf(list.values.month, now);
  const query = useQuery({
    queryKey: providerBillingKeys.invoices(month, ''),
    queryFn: () => listInvoices(month, ''),
    placeholderData: keepPreviousData,
  });
  const amount = (v: string) => displayAmount(v);
  const columns: Column<BrandInvoice>[] = [
    {
      key: 'brand',
      title: t('providerInvoices.brand'),
      render: (i) => (
        <>
          <Anchor component={Link} to={invoicePath(i.brand, i.month)} size="sm">
            {i.name}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {i.brand}
          </Text>
        </>
      ),
    },
    { key: 'currency', title: t('providerInvoices.currency'), render: (i) => i.currency },
    {
      key: 'ngr',
      title: t('providerInvoices.ngr'),
      align: 'right',
      nowrap: true,
      render: (i) => amount(i.ngr),
    },
    {
      key: 'shareFees',
      title: t('providerInvoices.shareFees'),
      align: 'right',
      nowrap: true,
      render: (i) => amount(i.shareFees),
    },
    {
      key: 'minimumFee',
      title: t('providerInvoices.minimumFee'),
      align: 'right',
      nowrap: true,
      render: (i) => amount(i.minimumFee),
    },
    {
      key: 'due',
      title: t('providerInvoices.due'),
      align: 'right',
      nowrap: true,
      render: (i) => (
        <Text span fw={700} size="sm">
          {amount(i.due)}
        </Text>
      ),
    },
    { key: 'notes', title: t('providerInvoices.notes'), render: (i) => <InvoiceBadges invoice={i} /> },
  ];
  const rows = query.data?.list;
  const withoutTerms = (rows ?? []).filter((i) => i.daysWithoutTerms > 0).length;
  const label = monthLabel(month, i18n.language);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('providerInvoices.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('providerInvoices.intro')}
      </Text>
      <Group justify="space-between" align="flex-end">
        <MonthPicker month={month} now={now} onChange={(m) => list.setFilter('month', m)} />
        <InvoicesCsvButton month={month} />
      </Group>
      {withoutTerms > 0 && (
        <Alert color="orange" variant="light" data-testid="invoices-without-terms">
          {t('providerInvoices.withoutTermsNote', { count: withoutTerms })}
        </Alert>
      )}
      <PagedTable
        caption={t('providerInvoices.caption', { month: label, count: rows?.length ?? 0 })}
        columns={columns}
        rows={rows}
        rowKey={(i) => i.brand}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('providerInvoices.empty')}
        minWidth={900}
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
    </Stack>
  );
}
