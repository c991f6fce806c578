import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import type { ReconBreakStory } from '../api/get-break';
import { Ref } from './breaks-table';
import { SheetTable, type SheetColumn } from './sheet-table';

type Item = ReconBreakStory['theirs'][number];
type Call = ReconBreakStory['calls'][number];

/** Rows numbered in their order: two legs or calls may read the same, and each row needs its own key. */
const numbered = <T,>(rows: T[]) => rows.map((row, n) => ({ ...row, n }));
const byNumber = (row: { n: number }) => String(row.n);

/** One part of the story: its heading (the page's second level), then its table. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={`break-${id}`}>
      <Title order={2} size="h4" id={`break-${id}`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A break's story in three tables: their side (Hub88: the round's transactions as Hub88 lists them
 * now; PayMongo: the payment), our side (the wallet calls we received and what we answered; the
 * deposit order) and the ledger's legs of ours (transfer kind, account kind, amount).
 */
export function BreakStory({ story }: { story: ReconBreakStory }) {
  const { t, i18n } = useTranslation();
  const b = story.break;
  const col = (k: string) => t(`dailyClose.recon.col.${k}`);
  const at = (iso: string) => (iso ? formatTime(iso, i18n.language) : t('dailyClose.recon.none'));
  const round = b.round ?? t('dailyClose.recon.break.noRound');
  const hub88 = b.source === 'hub88';
  const item = <T extends Item>(): SheetColumn<T>[] => [
    { key: 'ref', title: col('ref'), render: (i) => <Ref value={i.ref} /> },
    { key: 'kind', title: col('kind'), render: (i) => i.kind },
    { key: 'amount', title: col('amount'), numeric: true, render: (i) => displayAmount(i.amount) },
    { key: 'status', title: col('status'), render: (i) => i.status },
  ];
  const time: SheetColumn<Item> = { key: 'at', title: col('at'), render: (i) => at(i.at) };
  return (
    <Stack gap="xl">
      <Part id="theirs" title={t('dailyClose.recon.break.theirsTitle')}>
        <SheetTable
          testId="break-theirs"
          caption={
            hub88
              ? t('dailyClose.recon.break.theirsCaptionHub88', { round })
              : t('dailyClose.recon.break.theirsCaptionPaymongo')
          }
          rows={numbered(story.theirs)}
          rowKey={byNumber}
          empty={t('dailyClose.recon.break.theirsEmpty')}
          columns={[...item<Item>(), time]}
        />
      </Part>
      <Part id="ours" title={t('dailyClose.recon.break.oursTitle')}>
        <SheetTable
          testId="break-ours"
          caption={
            hub88
              ? t('dailyClose.recon.break.oursCaptionHub88', { round })
              : t('dailyClose.recon.break.oursCaptionPaymongo')
          }
          rows={numbered(story.calls)}
          rowKey={byNumber}
          empty={t('dailyClose.recon.break.oursEmpty')}
          minWidth={720}
          columns={[
            ...item<Call>(),
            { key: 'answer', title: col('answer'), render: (c) => <Ref value={c.answer} /> },
            { key: 'at', title: col('at'), render: (c) => at(c.at) },
          ]}
        />
      </Part>
      <Part id="ledger" title={t('dailyClose.recon.break.ledgerTitle')}>
        <SheetTable
          testId="break-ledger"
          caption={t('dailyClose.recon.break.ledgerCaption')}
          rows={numbered(story.entries)}
          rowKey={byNumber}
          empty={t('dailyClose.recon.break.ledgerEmpty')}
          columns={[
            { key: 'transfer', title: col('transfer'), render: (e) => e.transferId },
            {
              key: 'transferKind',
              title: col('transferKind'),
              render: (e) => t(`ledgerKind.${e.transferKind}`, { defaultValue: e.transferKind }),
            },
            {
              key: 'accountKind',
              title: col('accountKind'),
              render: (e) => t(`dailyClose.recon.account.${e.accountKind}`, { defaultValue: e.accountKind }),
            },
            { key: 'amount', title: col('amount'), numeric: true, render: (e) => displayAmount(e.amount) },
            { key: 'at', title: col('at'), render: (e) => at(e.at) },
          ]}
        />
      </Part>
    </Stack>
  );
}
