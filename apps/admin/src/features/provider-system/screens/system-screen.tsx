import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListError, ListLoading } from '../../../components/list-states';
import { providerSystemKeys } from '../api/keys';
import { getProviderSystem, SYSTEM_REFRESH_MS } from '../api/provider-system';
import { DatabaseCard } from '../components/database-card';
import { ReplicaCard } from '../components/replica-card';

/**
 * The platform's parts (`system`) as the API process that answered sees them: its id, the database and
 * the read replica; asked again every `SYSTEM_REFRESH_MS` while the tab is shown. An answer that fails
 * keeps the last one on screen under the error.
 */
export function SystemScreen() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: providerSystemKeys.state(),
    queryFn: getProviderSystem,
    refetchInterval: SYSTEM_REFRESH_MS,
  });
  const data = query.data;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('providerSystem.title')}
      </Title>
      {data && (
        <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="system-instance">
          {t('providerSystem.intro', { instance: data.instance })}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('providerSystem.refresh', { seconds: SYSTEM_REFRESH_MS / 1000 })}
      </Text>
      {query.error && (
        <ListError
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('providerSystem.loadFailed')}
        />
      )}
      {data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DatabaseCard database={data.database} />
          <ReplicaCard replica={data.replica} now={query.dataUpdatedAt} />
        </SimpleGrid>
      ) : (
        !query.error && <ListLoading />
      )}
    </Stack>
  );
}
