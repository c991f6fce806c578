import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayCurrency } from '@panalo/contract/money';
import { FactList, type Fact } from '../../../components/fact-list';
import { MemberLink } from '../../../components/member-link';
import { formatTime } from '../../../lib/format';
import type { AmlCase } from '../api/cases';
import { subjectOf } from '../rules/cases';
import { AmlStatusBadge, FreezeBadge } from './badges';

/** What makes the case once, in words: a transfer, or a member's day of deposits. */
function Subject({ subject }: { subject: string }) {
  const { t } = useTranslation();
  const s = subjectOf(subject);
  return <>{s ? t(`aml.subject.${s.kind}`, { value: s.value }) : subject}</>;
}

/** A case's facts: rule, member, amount, what it is about, status (and its hold), when opened. */
export function CaseFacts({
  c,
  currency,
  memberLink,
}: {
  c: AmlCase;
  currency: string;
  memberLink: boolean;
}) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`aml.case.${k}`);
  const facts: Fact[] = [
    { key: 'rule', label: f('rule'), value: t(`aml.rule.${c.rule}`) },
    {
      key: 'member',
      label: f('member'),
      value: <MemberLink id={c.memberId} username={c.username} link={memberLink} />,
    },
    { key: 'amount', label: f('amount'), value: displayCurrency(c.amount, currency) },
    { key: 'subject', label: f('subject'), value: <Subject subject={c.subject} /> },
    {
      key: 'status',
      label: f('status'),
      value: (
        <Group gap={6} component="span">
          <AmlStatusBadge status={c.status} testId="aml-status" />
          <FreezeBadge c={c} />
        </Group>
      ),
    },
    { key: 'opened', label: f('opened'), value: formatTime(c.openedAt, i18n.language) },
  ];
  return <FactList facts={facts} testId="aml-facts" />;
}

/** The last decision on the case, read only: who, when, the note. */
export function DecisionFacts({ c }: { c: AmlCase }) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`aml.decided.${k}`);
  const facts: Fact[] = [
    { key: 'status', label: f('status'), value: t(`aml.status.${c.status}`) },
    { key: 'by', label: f('by'), value: c.decidedBy ?? t('aml.none') },
    {
      key: 'at',
      label: f('at'),
      value: c.decidedAt ? formatTime(c.decidedAt, i18n.language) : t('aml.none'),
    },
    { key: 'note', label: f('note'), value: c.note ?? t('aml.none') },
  ];
  return <FactList facts={facts} testId="aml-decided" />;
}
