import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSearchParams } from 'react-router';
import { useTransactionTypes, useTransactions } from '../api/get-transactions';
import type { Transaction } from '../api/types';
import { Money, SignedMoney } from '../../../components/ui/money';
import { PagedList } from '../../../components/ui/paged-list';
import { RangeFilter } from '../../../components/ui/range-filter';
import { Page } from '../../../components/ui/page';
import { TypeFilter } from '../components/type-filter';
import { useDateRange } from '../../../lib/use-date-range';
import { formatRecordTime } from '../../../lib/format-time';
import { typesFromParam } from '../lib/types-param';

function TransactionRow({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  const type = t(`records.type.${tx.type}`, { defaultValue: tx.type });
  return (
    <article className="ui-row" aria-label={t('records.transaction.item', { type, id: tx.id })}>
      <div className="ui-row__main">
        <span className="ui-row__title">{type}</span>
        <SignedMoney value={tx.amount} testId="transaction-amount" />
      </div>
      <div className="ui-row__meta">
        <time dateTime={tx.createdAt}>{formatRecordTime(tx.createdAt)}</time>
        <span>
          {t('records.transaction.balanceAfter')}{' '}
          <Money value={tx.balanceAfter} testId="transaction-balance" />
        </span>
      </div>
      {(tx.memo ?? tx.reference) && <p className="ui-row__note">{tx.memo ?? tx.reference}</p>}
    </article>
  );
}

/** /m/transaction/record: the account record, filtered by type and period, paged. */
export function TransactionRecordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const typesQuery = useTransactionTypes();
  const available = typesQuery.data ?? [];
  // Until the member picks, the page's `types` parameter decides (the agent grid links with one).
  const [picked, setPicked] = useState<string[] | null>(null);
  const selected = picked ?? typesFromParam(params.get('types'), available);
  const dates = useDateRange('last7');
  // The list waits for the type list (a type the server does not offer would be refused), unless that
  // list failed: then it shows every type.
  const ready = !typesQuery.isPending;
  const query = useTransactions(selected, ready ? dates.range : null);
  return (
    <Page title={t('records.transaction.title')} testId="transaction-record-screen">
      <RangeFilter state={dates} />
      {available.length > 0 && <TypeFilter available={available} selected={selected} onChange={setPicked} />}
      {dates.range === null ? null : (
        <PagedList
          query={query}
          label={t('records.transaction.list')}
          emptyText={t('records.transaction.empty')}
          itemKey={(tx) => tx.id}
          renderItem={(tx) => <TransactionRow tx={tx} />}
          testId="transaction-list"
        />
      )}
    </Page>
  );
}
