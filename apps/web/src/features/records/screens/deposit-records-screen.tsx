import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_FILTERS, useDepositRecords, type DepositFilter } from '../api/get-deposits';
import type { DepositOrder } from '../api/types';
import { FilterChips } from '../components/filter-chips';
import { Money } from '../components/money';
import { PagedList } from '../components/paged-list';
import { RecordsPage } from '../components/records-page';
import { StatusBadge } from '../components/status-badge';
import { signOf } from '../lib/amounts';
import { formatRecordTime } from '../lib/format-time';

function DepositRow({ order }: { order: DepositOrder }) {
  const { t } = useTranslation();
  return (
    <article className="rec-row" aria-label={t('records.deposit.item', { id: order.id })}>
      <div className="rec-row__main">
        <span className="rec-row__title">{t(`records.deposit.kind.${order.kind}`)}</span>
        <Money value={order.amount} testId="deposit-amount" />
      </div>
      <div className="rec-row__meta">
        <time dateTime={order.createdAt}>{formatRecordTime(order.createdAt)}</time>
        <StatusBadge status={order.status} />
      </div>
      <dl className="rec-row__details">
        {signOf(order.bonusAmount) !== 'zero' && (
          <div>
            <dt>{t('records.deposit.bonus')}</dt>
            <dd>
              <Money value={order.bonusAmount} testId="deposit-bonus" />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('records.deposit.orderId')}</dt>
          <dd>{order.id}</dd>
        </div>
        {order.reference && (
          <div>
            <dt>{t('records.deposit.reference')}</dt>
            <dd>{order.reference}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}

/** /m/vouReport: the member's deposits, newest first, by status, paged. */
export function DepositRecordsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DepositFilter>('all');
  const query = useDepositRecords(status);
  return (
    <RecordsPage title={t('records.deposit.title')} testId="deposit-records-screen">
      <FilterChips
        label={t('records.status.label')}
        options={DEPOSIT_FILTERS}
        value={status}
        onChange={setStatus}
        labelFor={(s) => t(`records.status.${s}`)}
        testIdPrefix="status-filter"
      />
      <PagedList
        query={query}
        label={t('records.deposit.list')}
        emptyText={t('records.deposit.empty')}
        itemKey={(o) => o.id}
        renderItem={(o) => <DepositRow order={o} />}
        testId="deposit-list"
      />
    </RecordsPage>
  );
}
