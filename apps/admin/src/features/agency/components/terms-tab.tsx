import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { PagedTable } from '../../../components/list-states';
import { getAgencyTerms } from '../api/agency';
import { agencyKeys } from '../api/keys';
import { AgencyTermsForm } from './terms-form';

/** The agency's terms: the highest rate per product, the gap an upline keeps, the free threshold. */
export function TermsTab() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: agencyKeys.terms(),
    queryFn: getAgencyTerms,
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
