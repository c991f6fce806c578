import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useBreaks } from '../api/list-breaks';
import { BreaksTable } from '../components/breaks-table';
import { queueStatus, type BreakStatus } from '../rules/recon';

const STATUSES: readonly BreakStatus[] = ['open', 'resolved'];

/**
 * Finance → Reconciliation breaks (`daily-close/breaks`, `?status=open|resolved`): every closed day's
 * breaks of that status, newest day first, each opening its story (and its resolve form).
 */
export function ReconBreaksScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = queueStatus(params.get('status'));
  const query = useBreaks(status);
  const failure = query.error;

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.reconBreaks')}
      </Title>
      <Text size="sm" maw={720}>
        {t('dailyClose.recon.queue.intro')}
      </Text>
      <SegmentedControl
        aria-label={t('dailyClose.recon.queue.show')}
        value={status}
        onChange={(s) => setParams({ status: queueStatus(s) }, { replace: true })}
        data={STATUSES.map((s) => ({ value: s, label: t(`dailyClose.recon.status.${s}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        data-testid="recon-queue-status"
      />
      {failure ? (
        <Alert color="red" role="alert" title={t('dailyClose.recon.queue.loadFailed')}>
          <Group justify="space-between">
            <Text size="sm">{errorText(failure instanceof ApiError ? failure.code : 'unknown_error')}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : !query.data ? (
        <Center py="xl" aria-busy="true">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <BreaksTable
          testId="recon-queue"
          showDay
          breaks={query.data.list}
          caption={t(`dailyClose.recon.queue.${status}Caption`)}
          empty={t(`dailyClose.recon.queue.${status}Empty`)}
          memberLink={me.permissions.includes('members.read')}
        />
      )}
    </Stack>
  );
}
