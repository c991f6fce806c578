import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import type { KycReviewDetail } from '../api/documents';
import { useReviewDocument } from '../api/review-document';
import {
  approveBlock,
  expiryProblem,
  localDay,
  REASON_MAX,
  reasonProblem,
  reviewBody,
  type KycDecision,
} from '../rules/review';

const REASON_TEXT = {
  short: 'kyc.review.reasonShort',
  long: 'kyc.review.reasonLong',
  control: 'kyc.review.reasonControl',
} as const;
const EXPIRY_TEXT = { format: 'kyc.review.expiryFormat', past: 'kyc.review.expiryPast' } as const;

/**
 * The decision on a waiting document: Approve (with the ID's own expiry, optional, for an identity
 * document), Reject or Ask for another document (each with a reason the member reads, 3 to 300
 * characters). Each opens a dialog that says what will happen and sends the decision; a refusal shows
 * there in the staff member's words. While the document waits for its second approval the panel says
 * who approved first; that reviewer's Approve stays disabled (the server refuses it too). `onDone` is
 * told after a decision (the screen moves the focus to the decision's heading).
 */
export function ReviewPanel(props: {
  doc: KycReviewDetail;
  username: string;
  /** The document needs two approvals (the merchant's checker level); null: not known. */
  twoReviewers: boolean | null;
  onDone: () => void;
}) {
  const { doc } = props;
  const { t } = useTranslation();
  const { review } = useReviewDocument(doc.id);
  // The dialog's decision is kept after it closes: while it fades out it keeps its words.
  const [decision, setDecision] = useState<KycDecision>('approve');
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [decided, setDecided] = useState(false);
  const blockedId = useId();
  const block = approveBlock(doc, props.username);
  const now = new Date();
  const today = localDay(now);
  // The earliest expiry the server takes: tomorrow.
  const tomorrow = localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
  const withExpiry = decision === 'approve' && doc.kind === 'identity';
  const withReason = decision === 'reject' || decision === 'more';
  const reasonIssue = withReason ? reasonProblem(reason) : null;
  const expiryIssue = withExpiry ? expiryProblem(expiresOn, today) : null;

  const open = (d: KycDecision) => {
    setDecision(d);
    setOpened(true);
    setReason('');
    // A second approval keeps the first reviewer's expiry unless it is changed.
    setExpiresOn(d === 'approve' ? (doc.expiresOn ?? '') : '');
    setTried(false);
    setError(null);
    setDecided(false);
  };
  const close = () => {
    if (!busy) setOpened(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (reasonIssue || expiryIssue) return;
    setBusy(true);
    setError(null);
    try {
      const done = await review(reviewBody(decision, { reason, expiresOn, kind: doc.kind }));
      notice('green', t(`kyc.review.done.${done.status}`, { id: doc.id }));
      setDecided(true);
      setOpened(false);
      props.onDone();
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err.code, err.value) : errorText('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  const approveSummary = () => {
    if (doc.status === 'checking') return t('kyc.review.approveSecond', { level: doc.gives });
    if (props.twoReviewers) return t('kyc.review.approveFirst');
    return t('kyc.review.approveOnly', { level: doc.gives });
  };

  return (
    <Stack gap="sm" data-testid="kyc-review">
      {doc.status === 'checking' && (
        <Alert color="blue" data-testid="kyc-checking">
          {t('kyc.review.checking', { first: doc.firstReviewer ?? '' })}
        </Alert>
      )}
      {block === 'same_reviewer' && (
        <Alert color="yellow" id={blockedId} data-testid="kyc-same-reviewer">
          {t('kyc.review.sameReviewer')}
        </Alert>
      )}
      {doc.status === 'pending' && props.twoReviewers && (
        <Text size="sm">{t('kyc.review.twoReviewers', { level: doc.gives })}</Text>
      )}
      <Group gap="sm">
        <Button
          color="green"
          onClick={() => open('approve')}
          disabled={block !== null}
          aria-describedby={block === 'same_reviewer' ? blockedId : undefined}
          data-testid="kyc-approve"
        >
          {doc.status === 'checking' ? t('kyc.review.approveSecondButton') : t('kyc.review.approve')}
        </Button>
        <Button color="red" variant="light" onClick={() => open('reject')} data-testid="kyc-reject">
          {t('kyc.review.reject')}
        </Button>
        <Button variant="default" onClick={() => open('more')} data-testid="kyc-more">
          {t('kyc.review.more')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        returnFocus={!decided}
        title={t(`kyc.review.title.${decision}`, { id: doc.id })}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Text size="sm">
              {decision === 'approve'
                ? approveSummary()
                : t(`kyc.review.summary.${decision}`, { username: doc.username })}
            </Text>
            {withExpiry && (
              <TextInput
                type="date"
                label={t('kyc.review.expires')}
                description={t('kyc.review.expiresHelp')}
                value={expiresOn}
                min={tomorrow}
                onChange={(e) => setExpiresOn(e.currentTarget.value)}
                error={tried && expiryIssue ? t(EXPIRY_TEXT[expiryIssue]) : undefined}
                errorProps={{ role: 'alert' }}
                data-testid="kyc-expires"
                data-autofocus
              />
            )}
            {withReason && (
              <Textarea
                label={t('kyc.review.reason')}
                description={t('kyc.review.reasonHelp', { count: reason.trim().length, max: REASON_MAX })}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={tried && reasonIssue ? t(REASON_TEXT[reasonIssue]) : undefined}
                errorProps={{ role: 'alert' }}
                maxLength={REASON_MAX + 20}
                autosize
                minRows={3}
                required
                data-testid="kyc-reason"
                data-autofocus
              />
            )}
            {error && (
              <Alert color="red" role="alert" data-testid="kyc-review-error">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={busy}
                color={decision === 'approve' ? 'green' : decision === 'reject' ? 'red' : undefined}
                data-testid="kyc-decision-submit"
              >
                {t(`kyc.review.confirm.${decision}`)}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
