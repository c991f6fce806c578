import { useTranslation } from '../../../i18n/react';
import { DEPOSIT_FILTERS, useDepositRecords } from '../api/get-deposits';
import type { DepositOrder } from '../api/types';
import { Money } from '../../../components/ui/money';
import { StatusRecords } from '../components/status-records';
import { StatusBadge } from '../components/status-badge';
import { signOf } from '../../../lib/amounts';
import { formatRecordTime } from '../../../lib/format-time';

function DepositRow({ order }: { order: DepositOrder }) {
  const { t } = useTranslation();
  return (
    <article className="ui-row" aria-label={t('records.deposit.item', { id: order.id })}>
      <div className="ui-row__main">
        <span className="ui-row__title">{t(`records.deposit.kind.${order.kind}`)}</span>
        <Money value={order.amount} testId="deposit-amount" />
      </div>
      <div className="ui-row__meta">
        <time dateTime={order.createdAt}>{formatRecordTime(order.createdAt)}</time>
        <StatusBadge status={order.status} />
      </div>
      <dl className="ui-details">
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
  return (
    <StatusRecords
      section="deposit"
      filters={DEPOSIT_FILTERS}
      useRecords={useDepositRecords}
      renderItem={(order: DepositOrder) => <DepositRow order={order} />}
      testId="deposit-records-screen"
      listTestId="deposit-list"
    />
  );
}
