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
import { BrandHistory } from '../components/brand-history';
import { BrandLooks } from '../components/brand-looks';
import { BrandLogo } from '../components/brand-logo';
import { BrandOwners } from '../components/brand-owners';
import { BrandSettings } from '../components/brand-settings';
import { BrandStatusPanel } from '../components/brand-status';
import { StatusBadge } from '../components/status-badge';
import { brandLinks } from '../rules/site-links';

/**
 * One brand (`brands/:code`): its status and the moves this role may make, its owners (a new set-up link
 * for one who has not set a password), its commercial terms (`figures`; a new version with `billing`),
 * its settings read-only, its status history, and links to its member site and its console.
 */
export function BrandScreen({ me }: { me: ProviderMe }) {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const query = useQuery({ queryKey: brandKeys.detail(code), queryFn: () => getBrand(code) });
  const brand = query.data;
  const links = brand ? brandLinks(brand.mainDomain, window.location) : null;
  return (
    <Stack>
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
          <BrandLogo brand={brand} canLaunch={me.permissions.includes('brands.launch')} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BrandStatusPanel brand={brand} permissions={me.permissions} />
            <BrandOwners brand={brand} canLaunch={me.permissions.includes('brands.launch')} />
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
