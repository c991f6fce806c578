import { Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { useKycQueue } from '../api/documents';
import { KycQueueTable } from '../components/queue-table';
import { QUEUE_STATUSES, queueStatus } from '../rules/review';

/**
 * Compliance → Identity review (`compliance/kyc`, `?status=`, pending by default): the members' identity
 * and address documents of that status, each row opening the document (where its images are shown and
 * it is decided).
 */
export function KycQueueScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = queueStatus(params.get('status'));
  const query = useKycQueue(status);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('nav.kyc')}
        </Title>
        <Anchor component={Link} to="/compliance/kyc-settings" size="sm">
          {t('nav.kycSettings')}
        </Anchor>
      </Group>
      <Text size="sm" maw={720}>
        {t('kyc.queue.intro')}
      </Text>
      <SegmentedControl
        aria-label={t('kyc.queue.show')}
        value={status}
        onChange={(s) => setParams({ status: queueStatus(s) }, { replace: true })}
        data={QUEUE_STATUSES.map((s) => ({ value: s, label: t(`kyc.status.${s}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        data-testid="kyc-queue-status"
      />
      <KycQueueTable
        rows={query.data?.list}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        caption={t('kyc.queue.caption', { status: t(`kyc.status.${status}`) })}
        empty={t(`kyc.queue.empty.${status}`)}
        memberLink={me.permissions.includes('members.read')}
      />
    </Stack>
  );
}
