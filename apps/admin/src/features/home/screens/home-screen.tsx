import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffMe, StaffPermission } from '@panalo/contract/staff';
import { countQueue } from '../api/home';
import { homeKeys } from '../api/keys';
import { DashboardPanel } from '../components/dashboard';

interface Queue {
  key: string;
  permission: StaffPermission;
  path: string;
  to: string;
  status: string;
}

/** What waits for someone: each queue's count as the server reports it (the staff member's queues only). */
const QUEUES: Queue[] = [
  {
    key: 'deposits',
    permission: 'cashier.deposits',
    path: '/ops/deposits',
    to: '/cashier/deposits',
    status: 'pending',
  },
  {
    key: 'withdrawals',
    permission: 'cashier.withdrawals',
    path: '/ops/withdrawals',
    to: '/cashier/withdrawals',
    status: 'pending',
  },
  {
    key: 'applications',
    permission: 'promotions',
    path: '/ops/promotions/applications',
    to: '',
    status: 'applying',
  },
  { key: 'feedback', permission: 'feedback', path: '/ops/feedback', to: '', status: 'open' },
  // Compliance (issue 53): documents waiting for a first review, cases no one has decided.
  { key: 'kyc', permission: 'kyc', path: '/ops/kyc/documents', to: '/compliance/kyc', status: 'pending' },
  { key: 'aml', permission: 'aml', path: '/ops/aml/cases', to: '/compliance/aml', status: 'open' },
];

function QueueCard({ queue }: { queue: Queue }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: homeKeys.queue(queue.key),
    queryFn: () => countQueue(queue.path, queue.status),
    refetchInterval: 30_000,
  });
  const count = query.data ? (query.data.total ?? query.data.list.length) : null;
  return (
    <Card withBorder padding="lg" radius="md">
      <Text size="sm" c="dimmed">
        {t(`home.queue.${queue.key}`)}
      </Text>
      {query.isError ? (
        <Text c="red" size="sm" role="alert">
          {t('common.loadFailed')}
        </Text>
      ) : count === null ? (
        <Skeleton height={36} width={60} mt={4} />
      ) : (
        <Text fz={32} fw={700} data-testid={`queue-${queue.key}`}>
          {count}
        </Text>
      )}
      {queue.to && (
        <Anchor component={Link} to={queue.to} size="sm">
          {t('home.open')}
        </Anchor>
      )}
    </Card>
  );
}

export function HomeScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const queues = QUEUES.filter((q) => me.permissions.includes(q.permission));
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('home.title', { name: me.merchantName })}
      </Title>
      <Group gap="xs">
        <Text size="sm">{t('home.signedInAs', { username: me.username })}</Text>
        <Badge variant="light">{t(`roles.${me.role}`)}</Badge>
      </Group>
      {queues.length > 0 ? (
        <>
          <Title order={2} size="h4">
            {t('home.queues')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {queues.map((q) => (
              <QueueCard key={q.key} queue={q} />
            ))}
          </SimpleGrid>
        </>
      ) : (
        <Text c="dimmed">{t('home.noQueues')}</Text>
      )}
      {me.permissions.includes('dashboard') && <DashboardPanel />}
    </Stack>
  );
}
