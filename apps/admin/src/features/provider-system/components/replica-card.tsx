import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import type { ReplicaStatus } from '../api/provider-system';
import { checkedAgo, REPLICA_COLOURS, replicaLine } from '../rules/replica';

/** "5 seconds ago" in the console's language (Tagalog as the Philippines' Filipino, as `formatTime`). */
const relative = (value: number, unit: 'second' | 'minute', language: string) =>
  new Intl.RelativeTimeFormat(language === 'ty' ? 'fil-PH' : 'en-PH', { numeric: 'auto' }).format(
    -value,
    unit,
  );

/**
 * The streaming replica: whether the reads that may be a moment old go to it (the badge, in words as well
 * as colour), how far behind it is, the lag above which they go to the primary, why not, and when the
 * answering process last checked it (against `now`, when that answer came).
 */
export function ReplicaCard({ replica, now }: { replica: ReplicaStatus; now: number }) {
  const { t, i18n } = useTranslation();
  const line = replicaLine(replica);
  const ago = replica.checkedAt === null ? null : checkedAgo(replica.checkedAt, now);
  const checked =
    replica.checkedAt === null
      ? t('providerSystem.replica.notChecked')
      : ago
        ? t('providerSystem.replica.checked', { when: relative(ago.value, ago.unit, i18n.language) })
        : t('providerSystem.replica.checkedAt', { when: formatTime(replica.checkedAt, i18n.language) });
  return (
    <Card withBorder data-testid="system-replica" data-state={line.state}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('providerSystem.replica.title')}
        </Title>
        {/* A long badge wraps on a narrow screen rather than being cut. */}
        <Badge
          variant="light"
          color={REPLICA_COLOURS[line.state]}
          size="lg"
          tt="none"
          h="auto"
          py={4}
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
          data-testid="system-replica-badge"
        >
          {t(line.badge.key, line.badge.values ?? {})}
        </Badge>
        {line.lines.map((l) => (
          <Text key={l.key} size="sm" style={{ wordBreak: 'break-word' }}>
            {t(l.key, l.values ?? {})}
          </Text>
        ))}
        {line.state !== 'none' && (
          <Text size="sm" c="dimmed">
            {checked}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
