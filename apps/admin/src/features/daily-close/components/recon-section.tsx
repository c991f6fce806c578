import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@panalo/contract/staff';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useReconciliation, type DayReconciliation } from '../api/get-reconciliation';
import { useReconcileDay } from '../api/reconcile-day';
import { mayReconcile, openBreaks } from '../rules/recon';
import { BreaksTable } from './breaks-table';
import { ReconcileButton } from './reconcile-button';
import { ReconRuns } from './recon-runs';

/**
 * A closed day's reconciliation with Hub88 and PayMongo (its own section of the day's page): one row
 * per run, "Reconcile now" for `close.sign`, and the day's breaks, each opening its story. Before any
 * run: "Not reconciled yet" (and, after "Reconcile now" found nothing to read, that no source is
 * connected).
 */
export function ReconSection({ day, currency, me }: { day: string; currency: string; me: StaffMe }) {
  const { t } = useTranslation();
  const query = useReconciliation(day, true);
  const run = useReconcileDay(day);
  const failure = query.error;
  return (
    <Stack gap="sm" component="section" aria-labelledby="recon-title" data-testid="recon-section">
      <Title order={2} size="h3" id="recon-title">
        {t('dailyClose.recon.title')}
      </Title>
      <Text size="sm" maw={720}>
        {t('dailyClose.recon.intro')}
      </Text>
      {mayReconcile(me.permissions) && <ReconcileButton day={day} mutation={run} />}
      {failure ? (
        <Alert color="red" role="alert" title={t('dailyClose.recon.loadFailed')}>
          <Group justify="space-between">
            <Text size="sm">{errorText(failure instanceof ApiError ? failure.code : 'unknown_error')}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : !query.data ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : (
        <ReconBody
          day={day}
          currency={currency}
          recon={query.data}
          nothingToRead={run.isSuccess && run.data.runs.length === 0}
          memberLink={me.permissions.includes('members.read')}
        />
      )}
    </Stack>
  );
}

/** The runs and breaks once read; the empty state while no source has been read for the day. */
export function ReconBody(props: {
  day: string;
  currency: string;
  recon: DayReconciliation;
  /** "Reconcile now" answered without a run: no source is connected. */
  nothingToRead: boolean;
  memberLink: boolean;
}) {
  const { t } = useTranslation();
  const { day, recon } = props;
  if (recon.runs.length === 0 && recon.breaks.length === 0)
    return (
      <Alert color="gray" role="status" title={t('dailyClose.recon.notReconciled')} data-testid="recon-none">
        {props.nothingToRead ? t('dailyClose.recon.noSources') : t('dailyClose.recon.notReconciledText')}
      </Alert>
    );
  const open = openBreaks(recon.breaks);
  return (
    <Stack gap="md">
      <ReconRuns day={day} runs={recon.runs} currency={props.currency} />
      <Stack gap="xs" component="section" aria-labelledby="recon-breaks-title">
        <Title order={3} size="h4" id="recon-breaks-title">
          {t('dailyClose.recon.breaksTitle')}
        </Title>
        {open > 0 && (
          <Text size="sm" fw={600} c="red.9" data-testid="recon-open">
            {t('dailyClose.recon.openCount', { count: open })}
          </Text>
        )}
        <BreaksTable
          testId="recon-breaks"
          breaks={recon.breaks}
          caption={t('dailyClose.recon.breaksCaption', { day })}
          empty={t('dailyClose.recon.breaksEmpty')}
          memberLink={props.memberLink}
        />
      </Stack>
    </Stack>
  );
}
