import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProviderSystem } from '../api/provider-system';

/** The primary database: PostgreSQL, or the embedded PGlite (a single process's own, for trials). */
export function DatabaseCard({ database }: { database: ProviderSystem['database'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="system-database">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('providerSystem.database.title')}
        </Title>
        <Text size="sm" data-database={database}>
          {t(`providerSystem.database.${database}`)}
        </Text>
      </Stack>
    </Card>
  );
}
