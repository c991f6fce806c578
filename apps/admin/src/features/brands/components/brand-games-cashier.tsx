import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getCatalogue, type BrandDetail } from '../api/brands';
import { brandKeys } from '../api/keys';
import { namesOf } from '../rules/catalogue';
import { Facts } from './facts';

/**
 * What the brand's players find: the catalogue's vendors shown (named as the catalogue names them, when it
 * loads), how many games it hides, its cashier's deposit methods on and off, and its PayMongo account.
 */
export function BrandGamesCashier({ brand }: { brand: BrandDetail }) {
  const { t } = useTranslation();
  const catalogue = useQuery({ queryKey: brandKeys.catalogue(), queryFn: getCatalogue, staleTime: 300_000 });
  const pay = brand.payMongo;
  const payState = !pay.configured ? 'none' : pay.livemode ? 'live' : 'test';
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('brand.games.title')}
        </Title>
        <Facts
          rows={[
            {
              label: t('brand.games.vendors', { count: brand.vendors.length }),
              value: namesOf(brand.vendors, catalogue.data?.vendors ?? []).join(', ') || t('launch.none'),
            },
            { label: t('launch.hiddenTitle'), value: t('brand.games.hidden', { count: brand.hiddenGames }) },
            {
              label: t('launch.payMongoTitle'),
              value: (
                <Badge
                  variant="light"
                  color={payState === 'live' ? 'green' : payState === 'test' ? 'yellow' : 'gray'}
                  data-testid="brand-paymongo"
                >
                  {t(`brand.games.payMongo.${payState}`)}
                </Badge>
              ),
            },
          ]}
        />
        <Title order={3} size="h5">
          {t('launch.depositMethods')}
        </Title>
        {brand.depositMethods.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('brand.games.noMethods')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {brand.depositMethods.map((m) => (
              <Group component="li" key={m.code} gap="xs" wrap="nowrap" justify="space-between" maw={420}>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {m.name}{' '}
                  <Text span size="xs" c="dimmed">
                    {m.code}
                  </Text>
                </Text>
                <Badge variant="light" color={m.enabled ? 'green' : 'gray'}>
                  {m.enabled ? t('brand.games.on') : t('brand.games.off')}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
