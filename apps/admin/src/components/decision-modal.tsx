import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, newIdempotencyKey } from '../lib/api';
import { errorText } from '../i18n';

/**
 * Asks before a decision that moves money or tells a member something: what will happen, a reason
 * (required to refuse), and one Idempotency-Key for this intent, so a retry after a lost answer is the
 * same decision, never a second one.
 */
export function DecisionModal(props: {
  opened: boolean;
  title: string;
  summary: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  reasonRequired?: boolean;
  /** What becomes of the reason (default: the member reads it). */
  reasonHelp?: string;
  /** false: the decision carries no reason (the question and its key only). */
  reason?: false;
  onClose: () => void;
  onConfirm: (input: { reason: string; key: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // While it fades out after closing, the dialog keeps the words of its last question: callers clear the
  // state they word it from as they close it, and it must not go blank (or ask something else) meanwhile.
  const { opened, title, summary, confirmLabel } = props;
  const [asked, setAsked] = useState({ title, summary, confirmLabel });
  // (Kept during render, as React advises for state from earlier renders: one more pass of this
  // component when the words change while open, none once they are kept.)
  if (opened && (asked.title !== title || asked.summary !== summary || asked.confirmLabel !== confirmLabel))
    setAsked({ title, summary, confirmLabel });
  const words = opened ? { title, summary, confirmLabel } : asked;
  const close = () => {
    setReason('');
    setError(null);
    setKey(newIdempotencyKey());
    props.onClose();
  };
  const confirm = async () => {
    if (props.reasonRequired && reason.trim().length < 3) {
      setError(t('decision.reasonNeeded'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm({ reason: reason.trim(), key });
      close();
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err.code, err.value) : errorText('unknown_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={words.title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text size="sm" component="div">
          {words.summary}
        </Text>
        {props.reason !== false && (
          <Textarea
            label={props.reasonRequired ? t('decision.reason') : t('decision.reasonOptional')}
            description={props.reasonRequired ? (props.reasonHelp ?? t('decision.reasonHelp')) : undefined}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={200}
            autosize
            minRows={2}
            required={props.reasonRequired}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color={props.danger ? 'red' : undefined} loading={busy} onClick={() => void confirm()}>
            {words.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
