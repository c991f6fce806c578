import { Alert, Button, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { displayAmount } from '@panalo/contract/money';
import { errorText } from '../../../i18n';
import { adjustBalance, type Adjusted, type ApprovalPending } from '../api/cashier';
import { allOpsQueries } from '../../../lib/query-keys';

type Answer = Adjusted | ApprovalPending;

const AMOUNT = /^-?(0|[1-9]\d{0,12})(\.\d{1,2})?$/;

/**
 * A balance adjustment with its reason: a positive amount credits, a negative one debits (never below
 * zero). Above the merchant's threshold it waits for a second staff member (the approvals queue).
 */
export function AdjustScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per intent: a double submit or a retry after a lost answer is the same adjustment.
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Answer | null>(null);
  const amountOk = AMOUNT.test(amount) && Number(amount) !== 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!amountOk || reason.trim().length < 3 || !username.trim()) {
      setError(t('adjust.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await adjustBalance({ username: username.trim(), amount, reason: reason.trim() }, key);
      setDone(answer);
      setKey(newIdempotencyKey());
      setAmount('');
      setReason('');
      await queryClient.invalidateQueries({ queryKey: allOpsQueries });
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        {t('nav.adjust')}
      </Title>
      <Text size="sm">{t('adjust.help')}</Text>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('adjust.username')}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              required
            />
            <TextInput
              label={t('adjust.amount')}
              description={t('adjust.amountHelp')}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value.trim())}
              error={amount && !amountOk ? t('adjust.amountInvalid') : undefined}
              required
            />
            <Textarea
              label={t('decision.reason')}
              description={t('adjust.reasonHelp')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={200}
              autosize
              minRows={2}
              required
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
              {t('adjust.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {done && (
        <Alert color={'pending' in done ? 'yellow' : 'green'} role="status" data-testid="adjust-result">
          {'pending' in done
            ? t('approvals.waiting', { id: done.approval.id })
            : t('adjust.done', {
                username: done.username,
                amount: displayAmount(done.amount),
                balance: displayAmount(done.sumBalance),
              })}
        </Alert>
      )}
    </Stack>
  );
}
