import { useTranslation } from 'react-i18next';
import { FactList, type Fact } from '../../../components/fact-list';
import { formatTime } from '../../../lib/format';
import type { KycReviewDetail } from '../api/documents';
import { MemberLink } from '../../../components/member-link';
import { KycStatusBadge } from './status-badge';

/** The document's facts: member, levels, kind and ID type, when sent, status, the account's age. */
export function DocumentFacts({ doc, memberLink }: { doc: KycReviewDetail; memberLink: boolean }) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`kyc.document.${k}`);
  const facts: Fact[] = [
    {
      key: 'member',
      label: f('member'),
      value: <MemberLink id={doc.memberId} username={doc.username} link={memberLink} />,
    },
    { key: 'status', label: f('status'), value: <KycStatusBadge status={doc.status} testId="kyc-status" /> },
    { key: 'kind', label: f('kind'), value: t(`kyc.kind.${doc.kind}`) },
    { key: 'idType', label: f('idType'), value: doc.idType ? t(`kyc.idType.${doc.idType}`) : t('kyc.none') },
    {
      key: 'levels',
      label: f('levels'),
      value: t('kyc.document.levelsValue', { now: doc.memberLevel, gives: doc.gives }),
    },
    { key: 'submitted', label: f('submitted'), value: formatTime(doc.submittedAt, i18n.language) },
    { key: 'registered', label: f('registered'), value: formatTime(doc.account.registeredAt, i18n.language) },
  ];
  return <FactList facts={facts} testId="kyc-facts" />;
}

/** A decided document's decision, read only: who decided, when, the reason the member read, the expiry. */
export function DecisionFacts({ doc }: { doc: KycReviewDetail }) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`kyc.decided.${k}`);
  const facts: Fact[] = [
    { key: 'status', label: f('status'), value: t(`kyc.status.${doc.status}`) },
    { key: 'reviewedBy', label: f('reviewedBy'), value: doc.reviewedBy ?? t('kyc.none') },
    ...(doc.firstReviewer
      ? [{ key: 'firstReviewer', label: f('firstReviewer'), value: doc.firstReviewer }]
      : []),
    {
      key: 'decidedAt',
      label: f('decidedAt'),
      value: doc.decidedAt ? formatTime(doc.decidedAt, i18n.language) : t('kyc.none'),
    },
    ...(doc.reason ? [{ key: 'reason', label: f('reason'), value: doc.reason }] : []),
    ...(doc.status === 'approved'
      ? [{ key: 'expiresOn', label: f('expiresOn'), value: doc.expiresOn ?? f('noExpiry') }]
      : []),
  ];
  return <FactList facts={facts} testId="kyc-decided" />;
}
