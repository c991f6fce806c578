import { Anchor, Code } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayAmount, displayCurrency } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import type { ReconBreak } from '../api/get-reconciliation';
import { amountSign, magnitude, sourceName } from '../rules/recon';
import { MemberId, Ref } from './breaks-table';
import { FactList, type Fact } from '../../../components/fact-list';
import { BreakStatusBadge } from './recon-badges';

/** What a break owes the member, in words: "₱12.50 to the member", "₱3.00 to take back…", "Nothing…". */
export function useOwedText() {
  const { t } = useTranslation();
  return (owed: string, currency: string) => {
    const sign = amountSign(owed);
    const amount = displayCurrency(magnitude(owed), currency);
    return sign > 0
      ? t('dailyClose.recon.break.owedCredit', { amount })
      : sign < 0
        ? t('dailyClose.recon.break.owedDebit', { amount })
        : t('dailyClose.recon.break.owedNone');
  };
}

/**
 * A break's facts as a description list: its day (to the day's close), source, kind in words,
 * reference, round and member, both sides' amounts and statuses, what the member is owed, its status
 * and when it was found.
 */
export function BreakFacts(props: { brk: ReconBreak; currency: string; memberLink: boolean }) {
  const { t, i18n } = useTranslation();
  const { brk, currency } = props;
  const owedText = useOwedText();
  const col = (k: string) => t(`dailyClose.recon.col.${k}`);
  const none = t('dailyClose.recon.none');
  const amount = (v: string | null) => (v === null ? none : displayAmount(v));
  const status = (v: string | null) => (v === null ? none : <Code fz="xs">{v}</Code>);
  const facts: Fact[] = [
    {
      key: 'day',
      label: col('day'),
      value: (
        <Anchor component={Link} to={`/daily-close/${brk.day}`} size="sm">
          {brk.day}
        </Anchor>
      ),
    },
    { key: 'source', label: col('source'), value: sourceName(brk.source) },
    { key: 'kind', label: col('kind'), value: t(`dailyClose.recon.kind.${brk.kind}`) },
    { key: 'ref', label: col('ref'), value: <Ref value={brk.ref} /> },
    { key: 'round', label: col('round'), value: brk.round ? <Ref value={brk.round} /> : none },
    {
      key: 'member',
      label: col('member'),
      value: brk.memberId ? <MemberId id={brk.memberId} link={props.memberLink} /> : none,
    },
    { key: 'theirAmount', label: col('theirAmount'), value: amount(brk.theirAmount) },
    { key: 'theirStatus', label: col('theirStatus'), value: status(brk.theirStatus) },
    { key: 'ourAmount', label: col('ourAmount'), value: amount(brk.ourAmount) },
    { key: 'ourStatus', label: col('ourStatus'), value: status(brk.ourStatus) },
    { key: 'owed', label: col('owed'), value: owedText(brk.owed, currency) },
    { key: 'status', label: col('status'), value: <BreakStatusBadge status={brk.status} /> },
    {
      key: 'found',
      label: t('dailyClose.recon.break.found'),
      value: formatTime(brk.createdAt, i18n.language),
    },
  ];
  return <FactList facts={facts} testId="break-facts" />;
}

/** A resolved break's resolution: how, who, when, why, what moved and the ledger transfer. */
export function ResolutionFacts({ brk, currency }: { brk: ReconBreak; currency: string }) {
  const { t, i18n } = useTranslation();
  const none = t('dailyClose.recon.none');
  const label = (k: string) => t(`dailyClose.recon.break.${k}`);
  const facts: Fact[] = [
    {
      key: 'resolution',
      label: t('dailyClose.recon.col.resolution'),
      value: brk.resolution ? t(`dailyClose.recon.resolution.${brk.resolution}`) : none,
    },
    { key: 'resolvedBy', label: label('resolvedBy'), value: brk.resolvedBy ?? none },
    {
      key: 'resolvedAt',
      label: label('resolvedAt'),
      value: brk.resolvedAt ? formatTime(brk.resolvedAt, i18n.language) : none,
    },
    { key: 'reason', label: label('reason'), value: brk.reason ?? none },
    {
      key: 'moved',
      label: label('moved'),
      value:
        brk.moved === null || amountSign(brk.moved) === 0
          ? t('dailyClose.recon.break.movedNone')
          : displayCurrency(brk.moved, currency),
    },
    { key: 'transfer', label: label('transfer'), value: brk.transferId ?? none },
  ];
  return <FactList facts={facts} testId="break-resolution" />;
}
