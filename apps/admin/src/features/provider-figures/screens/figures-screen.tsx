import { Alert, Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProviderMe } from '@panalo/contract/provider';
import { FIGURES_MAX_DAYS } from '@panalo/contract/provider-rules';
import { LoadState } from '../../../components/list-states';
import { errorText } from '../../../i18n';
import { useListParams } from '../../../lib/list-params';
import { ApiError } from '../../../lib/provider-api';
// The brands' own call and key: the filter's choices share the brands list's cache.
import { listBrands } from '../../brands/api/brands';
import { brandKeys } from '../../brands/api/keys';
import { providerFiguresKeys } from '../api/keys';
import { getProviderFigures, type BrandDay, type BrandSpan } from '../api/provider-figures';
import { FigureHelp } from '../components/figure-help';
import { FiguresTable } from '../components/figures-table';
import { GgrByProduct } from '../components/ggr-by-product';
import { RangePicker } from '../components/range-picker';
import { daysOf, totalsByCurrency } from '../rules/figures';
import { localDay, rangeOf, rangeProblem, type DayRange } from '../rules/range';

/**
 * The brands' figures (`figures`) over a range of days (the last 7 by default, quick ranges, at most
 * `FIGURES_MAX_DAYS`): every brand's registrations, active players, cashier and play figures with their
 * totals; one brand chosen, its GGR by product and its figures by day. Range and brand in the address.
 */
export function FiguresScreen({ me }: { me: ProviderMe }) {
  const { t } = useTranslation();
  const list = useListParams(['from', 'to', 'brand'] as const);
  // Today as the screen opened: the quick ranges end on it.
  const [today] = useState(() => localDay(new Date()));
  const range = rangeOf(list.values, today);
  const brand = list.values.brand;
  const problem = rangeProblem(range);
  const query = useQuery({
    queryKey: providerFiguresKeys.span(range.from, range.to, brand),
    queryFn: () => getProviderFigures(range.from, range.to, brand),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const brands = useQuery({
    queryKey: brandKeys.list(),
    queryFn: listBrands,
    enabled: me.permissions.includes('brands.read'),
  });
  const choices = (brands.data?.list ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }));
  // A brand in the address the list does not hold (yet) is still a choice, so the filter shows it.
  if (brand && !choices.some((c) => c.value === brand)) choices.push({ value: brand, label: brand });

  const setRange = (r: DayRange) => list.setFilters({ from: r.from, to: r.to });
  const brandLink = (code: string) => ({
    search: `?${new URLSearchParams({ from: range.from, to: range.to, brand: code }).toString()}`,
  });
  const data = query.data;
  const span = { from: range.from, to: range.to };
  // Kept while another brand's answer comes (keepPreviousData): only rows of the brand asked for.
  const rows = (data?.brands ?? []).filter((b) => !brand || b.brand === brand);
  const chosen = brand ? rows.find((b) => b.brand === brand) : undefined;
  const totalLabel = (currency: string) => t('providerFigures.totalIn', { currency });

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('providerFigures.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('providerFigures.intro', { max: FIGURES_MAX_DAYS })}
      </Text>
      <RangePicker range={range} today={today} onChange={setRange}>
        <Select
          label={t('providerFigures.brandFilter')}
          placeholder={t('providerFigures.allBrands')}
          data={choices}
          value={brand || null}
          onChange={(v) => list.setFilter('brand', v ?? '')}
          searchable
          clearable
          w={260}
          nothingFoundMessage={t('launch.nothingFound')}
        />
      </RangePicker>
      {problem !== null ? (
        <Alert color="red" role="alert" data-testid="figures-range-problem">
          {t(`providerFigures.problem.${problem}`, { max: FIGURES_MAX_DAYS })}
        </Alert>
      ) : (
        <>
          {query.error && (
            <Alert color="red" role="alert" title={t('common.loadFailed')}>
              <Group justify="space-between">
                <Text size="sm">
                  {errorText(query.error instanceof ApiError ? query.error.code : 'unknown_error')}
                </Text>
                <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                  {t('common.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {!data ? (
            !query.error && <LoadState pending={query.isPending} error={null} onRetry={() => undefined} />
          ) : (
            <>
              <Title order={2} size="h4">
                {t('providerFigures.byBrand')}
              </Title>
              <FiguresTable<BrandSpan>
                testId="figures-brands"
                caption={t('providerFigures.brandsCaption', span)}
                first={{
                  title: t('providerFigures.col.brand'),
                  render: (b) => (
                    <>
                      {brand ? (
                        b.name
                      ) : (
                        <Anchor component={Link} to={brandLink(b.brand)} size="xs">
                          {b.name}
                        </Anchor>
                      )}{' '}
                      <Text span size="xs" c="dimmed">
                        {b.brand} · {b.currency}
                      </Text>
                    </>
                  ),
                }}
                rows={rows}
                rowKey={(b) => b.brand}
                totals={
                  brand
                    ? []
                    : totalsByCurrency(rows).map((x) => ({
                        key: x.currency,
                        label: totalLabel(x.currency),
                        figures: x.figures,
                      }))
                }
                empty={t(brand ? 'providerFigures.brandEmpty' : 'providerFigures.empty')}
                busy={query.isFetching}
              />
              {chosen && (
                <>
                  <Title order={2} size="h4">
                    {t('providerFigures.byDay', { name: chosen.name })}
                  </Title>
                  <GgrByProduct
                    brand={chosen}
                    caption={t('providerFigures.byProductCaption', { name: chosen.name, ...span })}
                  />
                  <FiguresTable<BrandDay>
                    testId="figures-days"
                    caption={t('providerFigures.daysCaption', { name: chosen.name, ...span })}
                    first={{ title: t('providerFigures.col.day'), render: (d) => d.day }}
                    rows={daysOf(data.days, chosen.brand)}
                    rowKey={(d) => d.day}
                    totals={[{ key: 'total', label: totalLabel(chosen.currency), figures: chosen }]}
                    empty={t('providerFigures.brandEmpty')}
                    busy={query.isFetching}
                  />
                </>
              )}
            </>
          )}
        </>
      )}
      <FigureHelp />
    </Stack>
  );
}
