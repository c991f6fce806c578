import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ProviderMe } from '@panalo/contract/provider';
import { LoadState } from '../../../components/list-states';
// Billing's own piece (its calls and keys): the brand's commercial terms.
import { CommercialTermsCard } from '../../provider-billing/components/terms-card';
import { getBrand } from '../api/brands';
import { brandKeys } from '../api/keys';
import { BrandGamesCashier } from '../components/brand-games-cashier';
import { BrandHistory } from '../components/brand-history';
import { BrandImage } from '../components/brand-image';
import { BrandLooks } from '../components/brand-looks';
import { BrandMaintenance } from '../components/brand-maintenance';
import { BrandOwners } from '../components/brand-owners';
import { BrandSettings } from '../components/brand-settings';
import { BrandStatusPanel } from '../components/brand-status';
import { ClosingReportCard } from '../components/closing-report';
import { StatusBadge } from '../components/status-badge';
import { brandLinks } from '../rules/site-links';

/**
 * One brand (`brands/:code`): its status and the moves this role may make, a closed brand's closing
 * report, its logo and app icon, its owners (a new set-up link for one who has not set a password), its
 * games and cashier, its planned maintenance (set with `brands.launch`), its commercial terms (`figures`;
 * a new version with `billing`), its settings read-only, its status history, and links to its member site
 * and its console.
 */
export function BrandScreen({ me }: { me: ProviderMe }) {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const query = useQuery({ queryKey: brandKeys.detail(code), queryFn: () => getBrand(code) });
  const brand = query.data;
  const links = brand ? brandLinks(brand.mainDomain, window.location) : null;
  const canLaunch = me.permissions.includes('brands.launch');
  return (
    // `.brand-page`: printing a closing report leaves out the page's other children (closing-report.tsx).
    <Stack className="brand-page">
      <Anchor component={Link} to="/provider/brands" size="sm">
        {t('brand.backToBrands')}
      </Anchor>
      {!brand ? (
        <>
          <Title order={1} size="h2">
            {code}
          </Title>
          <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        </>
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={1} size="h2">
                  {brand.name}
                </Title>
                <StatusBadge status={brand.status} testId="brand-status" />
              </Group>
              <Text size="sm" c="dimmed">
                {brand.code} · {brand.mainDomain}
              </Text>
            </Stack>
            {links && (
              <Group gap="xs">
                <Button
                  component="a"
                  href={links.site}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                >
                  {t('brand.openSite')}
                </Button>
                <Button
                  component="a"
                  href={links.console}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                >
                  {t('brand.openConsole')}
                </Button>
              </Group>
            )}
          </Group>
          <BrandLooks brand={brand} />
          {brand.status === 'closed' && <ClosingReportCard brand={brand} />}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BrandImage brand={brand} kind="logo" canLaunch={canLaunch} />
            <BrandImage brand={brand} kind="icon" canLaunch={canLaunch} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BrandStatusPanel brand={brand} permissions={me.permissions} />
            <BrandOwners brand={brand} canLaunch={canLaunch} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BrandGamesCashier brand={brand} />
            <BrandMaintenance key={brand.code} brand={brand} canLaunch={canLaunch} />
          </SimpleGrid>
          {me.permissions.includes('figures') && (
            <CommercialTermsCard
              code={brand.code}
              currency={brand.currency}
              canEdit={me.permissions.includes('billing')}
            />
          )}
          <BrandHistory brand={brand} />
          <BrandSettings brand={brand} />
        </>
      )}
    </Stack>
  );
}
