import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import type { useReconcileDay } from '../api/reconcile-day';

/**
 * "Reconcile now" (`close.sign`): while the sources are read, the button waits and a status line says
 * so (announced); a refusal (`recon_source_unavailable`, `recon_day_open`) shows under it in the staff
 * member's words.
 */
export function ReconcileButton({
  day,
  mutation,
}: {
  day: string;
  mutation: ReturnType<typeof useReconcileDay>;
}) {
  const { t } = useTranslation();
  const failure = mutation.error;
  return (
    <Stack gap={6} maw={720}>
      <Button
        onClick={() => mutation.mutate()}
        loading={mutation.isPending}
        style={{ alignSelf: 'flex-start' }}
        data-testid="recon-run"
      >
        {t('dailyClose.recon.run.button')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('dailyClose.recon.run.help')}
      </Text>
      {/* Present before it speaks, so that screen readers announce what it says. */}
      <Text size="sm" role="status" data-testid="recon-run-status">
        {mutation.isPending
          ? t('dailyClose.recon.run.running', { day })
          : mutation.isSuccess
            ? t('dailyClose.recon.run.done', { day })
            : ''}
      </Text>
      {failure && (
        <Alert
          color="red"
          role="alert"
          title={t('dailyClose.recon.run.failed')}
          data-testid="recon-run-error"
        >
          {failure instanceof ApiError ? errorText(failure.code, failure.value) : errorText('unknown_error')}
        </Alert>
      )}
    </Stack>
  );
}
