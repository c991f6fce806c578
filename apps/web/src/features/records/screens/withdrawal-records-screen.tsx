import { useTranslation } from '../../../i18n/react';
import { WITHDRAWAL_FILTERS, useWithdrawalRecords } from '../api/get-withdrawals';
import type { Withdrawal } from '../api/types';
import { Money } from '../../../components/ui/money';
import { StatusRecords } from '../components/status-records';
import { StatusBadge } from '../components/status-badge';
import { formatRecordTime } from '../../../lib/format-time';

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  return (
    <article className="ui-row" aria-label={t('records.withdrawal.item', { id: w.id })}>
      <div className="ui-row__main">
        <span className="ui-row__title">
          {t('records.withdrawal.card', { bank: w.bankName, last4: w.cardLast4 })}
        </span>
        <Money value={w.amount} testId="withdrawal-amount" />
      </div>
      <div className="ui-row__meta">
        <time dateTime={w.createdAt}>{formatRecordTime(w.createdAt)}</time>
        <StatusBadge status={w.status} />
      </div>
      <dl className="ui-details">
        <div>
          <dt>{t('records.withdrawal.orderId')}</dt>
          <dd>{w.id}</dd>
        </div>
        {w.status === 'rejected' && w.reason && (
          <div className="ui-row__reason">
            <dt>{t('records.withdrawal.reason')}</dt>
            <dd data-testid="withdrawal-reason">{w.reason}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}

/** /m/withdrawReport: the member's withdrawals, newest first, by status, paged; a refusal shows why. */
export function WithdrawalRecordsScreen() {
  return (
    <StatusRecords
      section="withdrawal"
      filters={WITHDRAWAL_FILTERS}
      useRecords={useWithdrawalRecords}
      renderItem={(w: Withdrawal) => <WithdrawalRow w={w} />}
      testId="withdrawal-records-screen"
      listTestId="withdrawal-list"
    />
  );
}
