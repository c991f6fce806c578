import { Anchor, Code, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayAmount } from '@panalo/contract/money';
import type { ReconBreak } from '../api/get-reconciliation';
import { amountSign, sourceName } from '../rules/recon';
import { BreakStatusBadge } from './recon-badges';
import { SheetTable, type SheetColumn } from './sheet-table';

/** A long reference (a Hub88 transaction, a round) kept readable: monospace, broken anywhere. */
export function Ref({ value }: { value: string }) {
  return (
    <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }} fz="xs">
      {value}
    </Code>
  );
}

/** A member's id, linking to their profile for staff who may read members. */
export function MemberId({ id, link }: { id: string; link: boolean }) {
  return link ? (
    <Anchor component={Link} to={`/members/${encodeURIComponent(id)}`} size="sm">
      {id}
    </Anchor>
  ) : (
    <>{id}</>
  );
}

/**
 * Breaks as a table: the reference heads each row and opens the break; then (in the queue) its day,
 * the source, the kind in words, the round, the member, both sides' amounts, what the member is owed
 * (bold when not zero) and the status (with the resolution once resolved).
 */
export function BreaksTable(props: {
  breaks: ReconBreak[];
  caption: string;
  empty: string;
  /** The queue lists every day's breaks: each row says its day (linking to the day's close). */
  showDay?: boolean;
  /** The staff member may open members' profiles (`members.read`). */
  memberLink: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const col = (k: string) => t(`dailyClose.recon.col.${k}`);
  const none = t('dailyClose.recon.none');
  const amount = (key: 'theirAmount' | 'ourAmount'): SheetColumn<ReconBreak> => ({
    key,
    title: col(key),
    numeric: true,
    render: (b) => (b[key] === null ? none : displayAmount(b[key])),
  });
  const columns: SheetColumn<ReconBreak>[] = [
    {
      key: 'ref',
      title: col('ref'),
      render: (b) => (
        <Anchor
          component={Link}
          to={`/daily-close/breaks/${b.id}`}
          size="sm"
          style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
        >
          {b.ref}
        </Anchor>
      ),
    },
    ...(props.showDay
      ? [
          {
            key: 'day',
            title: col('day'),
            render: (b: ReconBreak) => (
              <Anchor
                component={Link}
                to={`/daily-close/${b.day}`}
                size="sm"
                style={{ whiteSpace: 'nowrap' }}
              >
                {b.day}
              </Anchor>
            ),
          },
        ]
      : []),
    { key: 'source', title: col('source'), render: (b) => sourceName(b.source) },
    { key: 'kind', title: col('kind'), render: (b) => t(`dailyClose.recon.kind.${b.kind}`) },
    { key: 'round', title: col('round'), render: (b) => (b.round ? <Ref value={b.round} /> : none) },
    {
      key: 'member',
      title: col('member'),
      render: (b) => (b.memberId ? <MemberId id={b.memberId} link={props.memberLink} /> : none),
    },
    amount('theirAmount'),
    amount('ourAmount'),
    {
      key: 'owed',
      title: col('owed'),
      numeric: true,
      render: (b) =>
        amountSign(b.owed) === 0 ? (
          displayAmount(b.owed)
        ) : (
          <Text span fw={700} fz="inherit">
            {displayAmount(b.owed)}
          </Text>
        ),
    },
    {
      key: 'status',
      title: col('status'),
      render: (b) => (
        <Group gap={6} wrap="nowrap">
          <BreakStatusBadge status={b.status} />
          {b.resolution && (
            <Text span size="xs" c="dimmed">
              {t(`dailyClose.recon.resolution.${b.resolution}`)}
            </Text>
          )}
        </Group>
      ),
    },
  ];
  return (
    <SheetTable
      testId={props.testId}
      caption={props.caption}
      rows={props.breaks}
      rowKey={(b) => b.id}
      flagged={(b) => !props.showDay && b.status === 'open'}
      empty={props.empty}
      minWidth={props.showDay ? 1040 : 940}
      columns={columns}
    />
  );
}
