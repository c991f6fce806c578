import { Alert, Box, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { getThresholds, setThresholds } from '../api/approvals';
import { approvalsKeys } from '../api/keys';
import { ThresholdsNotice } from './thresholds-notice';

/** The owner's thresholds: above them an adjustment or a withdrawal payment needs a second staff member. */
export function Thresholds({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: approvalsKeys.thresholds(),
    queryFn: getThresholds,
  });
  const [draft, setDraft] = useState<{ adjustment: string; withdrawal: string; reason: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!query.data) return null;
  const current = query.data;
  const edit = () =>
    setDraft({
      adjustment: current.adjustmentAbove ?? '',
      withdrawal: current.withdrawalAbove ?? '',
      reason: '',
    });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setError(null);
    try {
      await setThresholds({
        adjustmentAbove: draft.adjustment.trim() || null,
        withdrawalAbove: draft.withdrawal.trim() || null,
        reason: draft.reason.trim(),
      });
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: approvalsKeys.thresholds() });
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    }
  };
  return (
    <Paper withBorder p="md">
      {draft ? (
        <form onSubmit={save}>
          <Stack>
            <Group grow align="flex-start">
              <TextInput
                label={t('approvals.adjustmentAbove')}
                description={t('approvals.emptyNever')}
                inputMode="decimal"
                value={draft.adjustment}
                onChange={(e) => setDraft({ ...draft, adjustment: e.currentTarget.value })}
              />
              <TextInput
                label={t('approvals.withdrawalAbove')}
                description={t('approvals.emptyNever')}
                inputMode="decimal"
                value={draft.withdrawal}
                onChange={(e) => setDraft({ ...draft, withdrawal: e.currentTarget.value })}
              />
            </Group>
            <TextInput
              label={t('decision.reason')}
              value={draft.reason}
              required
              onChange={(e) => setDraft({ ...draft, reason: e.currentTarget.value })}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit">{t('common.save')}</Button>
              <Button variant="default" onClick={() => setDraft(null)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Box flex={1}>
            <ThresholdsNotice thresholds={query.data} onSet={editable ? edit : null} />
          </Box>
          {editable && (
            <Button size="xs" variant="default" onClick={edit}>
              {t('approvals.change')}
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}
