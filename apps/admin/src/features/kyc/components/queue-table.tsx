import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RowLink, RowLinkTable, type Column } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import type { KycReviewItem } from '../api/documents';
import { MemberLink } from '../../../components/member-link';
import { KycStatusBadge } from './status-badge';

/**
 * The review queue as a table: when it was sent (the link that opens the document), the member, the
 * kind and ID type, the level its approval gives and the member's level now, the status and the first
 * reviewer. A click on the row opens the document too; no image is loaded here.
 */
export function KycQueueTable(props: {
  rows: KycReviewItem[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  caption: string;
  empty: string;
  memberLink: boolean;
}) {
  const { t, i18n } = useTranslation();
  const col = (k: string) => t(`kyc.queue.col.${k}`);
  const href = (d: KycReviewItem) => `/compliance/kyc/${d.id}`;
  const columns: Column<KycReviewItem>[] = [
    {
      key: 'submitted',
      title: col('submitted'),
      render: (d) => (
        <RowLink to={href(d)}>
          {formatTime(d.submittedAt, i18n.language)}
          <VisuallyHidden>{t('kyc.queue.open', { id: d.id, username: d.username })}</VisuallyHidden>
        </RowLink>
      ),
    },
    {
      key: 'member',
      title: col('member'),
      render: (d) => <MemberLink id={d.memberId} username={d.username} link={props.memberLink} />,
    },
    { key: 'kind', title: col('kind'), render: (d) => t(`kyc.kind.${d.kind}`) },
    {
      key: 'idType',
      title: col('idType'),
      render: (d) => (d.idType ? t(`kyc.idType.${d.idType}`) : t('kyc.none')),
    },
    { key: 'gives', title: col('gives'), align: 'right', render: (d) => d.gives },
    { key: 'memberLevel', title: col('memberLevel'), align: 'right', render: (d) => d.memberLevel },
    { key: 'status', title: col('status'), render: (d) => <KycStatusBadge status={d.status} /> },
    { key: 'firstReviewer', title: col('firstReviewer'), render: (d) => d.firstReviewer ?? t('kyc.none') },
  ];
  return (
    <RowLinkTable
      testId="kyc-queue"
      caption={props.caption}
      columns={columns}
      rows={props.rows}
      rowKey={(d) => d.id}
      rowHref={href}
      rowProps={(d) => ({
        'data-testid': 'kyc-queue-row',
        'data-username': d.username,
        'data-id': d.id,
        'data-status': d.status,
      })}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      empty={props.empty}
      minWidth={900}
    />
  );
}
