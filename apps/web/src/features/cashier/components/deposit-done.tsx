import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { CreatedDeposit } from '../api/create-deposit';
import { useCashierText } from '../hooks/use-cashier-text';

/** A bank-transfer order waiting for the operator: what was asked and what happens next. */
export function DepositDone({ created, onAgain }: { created: CreatedDeposit; onAgain: () => void }) {
  const { t } = useTranslation();
  const { money } = useCashierText();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to the outcome so a screen reader hears it.
  useEffect(() => heading.current?.focus(), []);
  const { order } = created;
  const hasBonus = order.bonusAmount !== '0.00' && order.bonusAmount !== '0';
  return (
    <section className="cs-done" data-testid="deposit-pending">
      <h2 ref={heading} tabIndex={-1} className="cs-done__title">
        {t('cashier.deposit.pendingTitle')}
      </h2>
      <dl className="cs-summary">
        <div>
          <dt>{t('cashier.deposit.orderId')}</dt>
          <dd data-testid="deposit-order-id">{order.id}</dd>
        </div>
        <div>
          <dt>{t('cashier.amount.label')}</dt>
          <dd data-testid="deposit-order-amount">{money(order.amount)}</dd>
        </div>
        {hasBonus && (
          <div>
            <dt>{t('cashier.promo.bonus')}</dt>
            <dd>{money(order.bonusAmount)}</dd>
          </div>
        )}
        {order.reference && (
          <div>
            <dt>{t('cashier.deposit.reference')}</dt>
            <dd>{order.reference}</dd>
          </div>
        )}
        <div>
          <dt>{t('cashier.status.label')}</dt>
          <dd>{t(`cashier.status.${order.status}`)}</dd>
        </div>
      </dl>
      <p className="cs-muted">{t('cashier.deposit.pendingNext')}</p>
      <div className="cs-actions">
        <Link className="btn btn--primary" to="/m/vouReport" data-testid="deposit-records-link">
          {t('cashier.deposit.records')}
        </Link>
        <button type="button" className="btn cs-btn-ghost" onClick={onAgain} data-testid="deposit-again">
          {t('cashier.deposit.again')}
        </button>
      </div>
    </section>
  );
}
