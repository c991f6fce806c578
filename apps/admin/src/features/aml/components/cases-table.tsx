import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import { RowLink, RowLinkTable, type Column } from '../../../components/list-states';
import { MemberLink } from '../../../components/member-link';
import { formatTime } from '../../../lib/format';
import type { AmlCase } from '../api/cases';
import { AmlStatusBadge, FreezeBadge } from './badges';

/**
 * The cases as a table: when it was opened (the link that opens the case), the rule in words, the
 * member, the amount, the status and whether it freezes the member's withdrawals. A click on the row
 * opens the case too.
 */
export function AmlCasesTable(props: {
  rows: AmlCase[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  caption: string;
  empty: string;
  memberLink: boolean;
}) {
  const { t, i18n } = useTranslation();
  const col = (k: string) => t(`aml.col.${k}`);
  const href = (c: AmlCase) => `/compliance/aml/${c.id}`;
  const columns: Column<AmlCase>[] = [
    {
      key: 'opened',
      title: col('opened'),
      render: (c) => (
        <RowLink to={href(c)}>
          {formatTime(c.openedAt, i18n.language)}
          <VisuallyHidden>{t('aml.open', { id: c.id, username: c.username })}</VisuallyHidden>
        </RowLink>
      ),
    },
    { key: 'rule', title: col('rule'), render: (c) => t(`aml.rule.${c.rule}`) },
    {
      key: 'member',
      title: col('member'),
      render: (c) => <MemberLink id={c.memberId} username={c.username} link={props.memberLink} />,
    },
    {
      key: 'amount',
      title: col('amount'),
      align: 'right',
      nowrap: true,
      render: (c) => displayAmount(c.amount),
    },
    { key: 'status', title: col('status'), render: (c) => <AmlStatusBadge status={c.status} /> },
    { key: 'freeze', title: col('freeze'), render: (c) => <FreezeBadge c={c} /> },
  ];
  return (
    <RowLinkTable
      testId="aml-queue"
      caption={props.caption}
      columns={columns}
      rows={props.rows}
      rowKey={(c) => c.id}
      rowHref={href}
      rowProps={(c) => ({
        'data-testid': 'aml-case-row',
        'data-rule': c.rule,
        'data-username': c.username,
        'data-id': c.id,
        'data-status': c.status,
      })}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      empty={props.empty}
      minWidth={800}
    />
  );
}
