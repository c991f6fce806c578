import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { CsvButton } from '../../../components/csv-button';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { closeCsvPath } from '../api/close-csv';
import { useClose } from '../api/get-close';
import { CloseFacts } from '../components/close-facts';
import { CloseSheet } from '../components/close-sheet';
import { NegativeMembers } from '../components/negative-members';
import { ReconSection } from '../components/recon-section';
import { SignClose } from '../components/sign-close';
import { isDay } from '../rules/range';
import { maySign } from '../rules/sheet';

/** The list's address it was opened from (`?from=&to=`), so "back" returns to the same span. */
function backTo(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && back.startsWith('?') ? `/daily-close${back}` : '/daily-close';
}

/**
 * One closed day (`daily-close/:day`): its facts, its reconciliation with Hub88 and PayMongo, its sheet
 * section by section, the CSV, and — for `close.sign` on a balanced day not signed yet — "Sign the
 * day". A broken day says why it waits (and names the players below zero at its end).
 */
export function DailyCloseDayScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const { day = '' } = useParams();
  const location = useLocation();
  const valid = isDay(day);
  const query = useClose(day, valid);
  const close = query.data;
  const failure = query.error;

  return (
    <Stack>
      <Anchor component={Link} to={backTo(location.state)} size="sm">
        {t('dailyClose.day.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1} size="h2">
          {t('dailyClose.day.title', { day })}
        </Title>
        {close && (
          <Group gap="sm">
            <CsvButton path={closeCsvPath(close.day)} />
            {maySign(me.permissions, close) && <SignClose close={close} />}
          </Group>
        )}
      </Group>
      {!valid ? (
        <Alert color="red" role="alert">
          {t('dailyClose.day.badDay')}
        </Alert>
      ) : failure ? (
        failure instanceof ApiError && failure.code === 'close_none' ? (
          <Alert color="gray" data-testid="close-none">
            {errorText('close_none')} {t('dailyClose.day.closesAfter')}
          </Alert>
        ) : (
          <Alert color="red" role="alert" title={t('dailyClose.day.loadFailed')}>
            <Group justify="space-between">
              <Text size="sm">{errorText(failure instanceof ApiError ? failure.code : 'unknown_error')}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )
      ) : !close ? (
        <Loader role="status" aria-label={t('common.loading')} />
      ) : (
        <>
          <CloseFacts close={close} />
          {close.status === 'broken' && (
            <Alert color="red" title={t('dailyClose.day.brokenTitle')} data-testid="close-broken">
              {t('dailyClose.day.broken')}
              {close.sheet.negativeMembers.length > 0 && (
                <NegativeMembers
                  ids={close.sheet.negativeMembers}
                  link={me.permissions.includes('members.read')}
                />
              )}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('dailyClose.day.currency', { currency: close.currency })}
          </Text>
          <ReconSection day={close.day} currency={close.currency} me={me} />
          <CloseSheet close={close} />
        </>
      )}
    </Stack>
  );
}
