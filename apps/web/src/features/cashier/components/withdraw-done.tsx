import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { Withdrawal } from '../api/withdrawal';
import { useCashierText } from '../hooks/use-cashier-text';

/** The withdrawal is requested: its amount is held until an operator pays or rejects it. */
export function WithdrawDone({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const { money } = useCashierText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="cs-done" data-testid="withdraw-pending">
      <h2 ref={heading} tabIndex={-1} className="cs-done__title">
        {t('cashier.withdraw.pendingTitle')}
      </h2>
      <dl className="cs-summary">
        <div>
          <dt>{t('cashier.amount.label')}</dt>
          <dd data-testid="withdraw-done-amount">{money(withdrawal.amount)}</dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.card')}</dt>
          <dd>
            {withdrawal.bankName} ···· {withdrawal.cardLast4}
          </dd>
        </div>
        <div>
          <dt>{t('cashier.status.label')}</dt>
          <dd>{t(`cashier.status.${withdrawal.status}`)}</dd>
        </div>
      </dl>
      <p className="cs-muted">{t('cashier.withdraw.pendingNext')}</p>
      <Link className="btn btn--primary" to="/m/withdrawReport" data-testid="withdraw-records-link">
        {t('cashier.withdraw.records')}
      </Link>
    </section>
  );
}
