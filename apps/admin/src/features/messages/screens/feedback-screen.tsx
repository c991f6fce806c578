import { Badge, Button, Checkbox, Group, Modal, Stack, Text, Textarea, Title, Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_LIMITS, FEEDBACK_STATUSES, feedbackImagePath } from '@panalo/contract/feedback-rules';
import { AuthImage } from '../../../components/auth-image';
import { StatusQueue } from '../../../components/decision-queue';
import type { Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { useStatusList } from '../../../components/use-status-list';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useListParams } from '../../../lib/list-params';
import { formatTime } from '../../../lib/format';
import { listFeedback, PAGE_SIZE, replyToFeedback, type OpsFeedback } from '../api/feedback';
import { messagesKeys } from '../api/keys';

const STATUSES = [...FEEDBACK_STATUSES, 'all'] as const;

/** Members' feedback, newest first: read it with its images and the replies, reply (and close). */
export function FeedbackScreen() {
  const { t, i18n } = useTranslation();
  const list = useListParams(['status'] as const);
  const queue = useStatusList(list, {
    statuses: STATUSES,
    initial: 'open',
    pageSize: PAGE_SIZE,
    query: (page, status) => ({
      queryKey: messagesKeys.feedbackList(page, status),
      queryFn: () => listFeedback(page, status === 'all' ? undefined : status),
    }),
  });
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState<OpsFeedback | null>(null);
  const [reply, setReply] = useState('');
  const [close, setClose] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const columns: Column<OpsFeedback>[] = [
    { key: 'when', title: t('feedback.when'), render: (f) => formatTime(f.createdAt, i18n.language) },
    { key: 'member', title: t('feedback.member'), render: (f) => f.username },
    { key: 'category', title: t('feedback.category'), render: (f) => t(`feedback.categories.${f.category}`) },
    {
      key: 'content',
      title: t('feedback.message'),
      render: (f) => (
        <Stack gap={4} maw={420}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {f.content}
          </Text>
          {f.images > 0 && (
            <Group gap={4}>
              {Array.from({ length: f.images }, (_, i) => (
                <AuthImage
                  key={i}
                  path={feedbackImagePath(f.id, i + 1)}
                  alt={t('feedback.image', { n: i + 1, member: f.username })}
                />
              ))}
            </Group>
          )}
          {f.replies.map((r, i) => (
            <Text key={i} size="xs" c="dimmed">
              {t('feedback.replied', { at: formatTime(r.at, i18n.language) })}: {r.content}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'status',
      title: t('feedback.status'),
      render: (f) => (
        <Badge
          variant="dot"
          color={f.status === 'open' ? 'yellow' : f.status === 'replied' ? 'blue' : 'gray'}
        >
          {t(`feedback.statuses.${f.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (f) =>
        f.status === 'closed' ? null : (
          <Button
            size="xs"
            onClick={() => setReplying(f)}
            aria-label={t('feedback.replyTo', { member: f.username })}
          >
            {t('feedback.reply')}
          </Button>
        ),
    },
  ];

  const done = () => {
    setReplying(null);
    setReply('');
    setClose(false);
    setError(null);
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.feedback')}
      </Title>
      <StatusQueue
        queue={queue}
        statusLabel={(s) => (s === 'all' ? t('feedback.all') : t(`feedback.statuses.${s}`))}
        caption={t('feedback.caption', { count: queue.total })}
        columns={columns}
        rowKey={(f) => f.id}
        empty={t('feedback.empty')}
      />
      <Modal
        opened={replying !== null}
        onClose={done}
        title={t('feedback.replyTitle', { member: replying?.username ?? '' })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {replying?.content}
          </Text>
          <Textarea
            label={t('feedback.yourReply')}
            description={t('feedback.replyHelp')}
            value={reply}
            onChange={(e) => setReply(e.currentTarget.value)}
            maxLength={FEEDBACK_LIMITS.replyMax}
            autosize
            minRows={3}
            required
          />
          <Checkbox
            label={t('feedback.closeIt')}
            checked={close}
            onChange={(e) => setClose(e.currentTarget.checked)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={done}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={busy}
              onClick={() => {
                if (!reply.trim()) return setError(t('feedback.needReply'));
                setBusy(true);
                void replyToFeedback(replying!.id, { content: reply.trim(), close })
                  .then(async () => {
                    notice('green', t('feedback.sent', { member: replying!.username }));
                    done();
                    await queryClient.invalidateQueries({ queryKey: messagesKeys.feedback() });
                  })
                  .catch((err: unknown) =>
                    setError(errorText(err instanceof ApiError ? err.code : 'unknown_error')),
                  )
                  .finally(() => setBusy(false));
              }}
            >
              {t('feedback.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
