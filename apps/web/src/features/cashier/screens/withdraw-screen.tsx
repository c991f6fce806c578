import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSecurity } from '../api/security';
import { useBalance, type Withdrawal } from '../api/withdrawal';
import { ForfeitBonus } from '../components/forfeit-bonus';
import { missingForWithdrawal, SetupCta } from '../components/setup-cta';
import { LoadError, Skeleton } from '../components/states';
import { WithdrawDone } from '../components/withdraw-done';
import { WithdrawForm } from '../components/withdraw-form';
import { useCashierText } from '../hooks/use-cashier-text';
import { toMinor } from '../lib/amount';
import '../cashier.css';

/**
 * /m/withdraw (WALLET-002, WALLET-012): needs a payment password, a payee name and a bound card (else a
 * call to action to the security centre) and a met wagering requirement; the amount moves to pending
 * at request time and an operator pays or rejects it.
 */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const text = useCashierText();
  const security = useSecurity();
  const balance = useBalance();
  const [done, setDone] = useState<Withdrawal | null>(null);

  let body;
  if (done) body = <WithdrawDone withdrawal={done} />;
  else if (security.isPending || balance.isPending) body = <Skeleton rows={4} />;
  else if (security.isError || balance.isError)
    body = (
      <LoadError
        message={text.error(security.error ?? balance.error)}
        onRetry={() => {
          if (security.isError) void security.refetch();
          if (balance.isError) void balance.refetch();
        }}
      />
    );
  else {
    const s = security.data;
    const sum = balance.data.sumBalance;
    const missing = missingForWithdrawal(s);
    const remaining = toMinor(s.wagering.remaining);
    body = (
      <>
        <section className="cs-balance" aria-labelledby="cs-balance-label">
          <span id="cs-balance-label" className="cs-muted">
            {t('cashier.withdraw.balance')}
          </span>
          <strong className="cs-balance__value" data-testid="withdraw-balance">
            {text.money(sum)}
          </strong>
        </section>
        {remaining > 0n && (
          <section className="cs-notice" role="status" data-testid="withdraw-wagering-block">
            <p className="cs-notice__title">{t('cashier.withdraw.wageringTitle')}</p>
            <p>
              {t('common.wagering.left', {
                remaining: text.money(s.wagering.remaining),
                done: text.money(s.wagering.done),
                required: text.money(s.wagering.required),
              })}
            </p>
          </section>
        )}
        {remaining > 0n && <ForfeitBonus />}
        {s.levelLimit && (
          <p className="cs-muted" data-testid="withdraw-level-limit">
            {[
              s.levelLimit.count !== null
                ? t('cashier.withdraw.levelCount', {
                    used: s.levelLimit.usedCount,
                    count: s.levelLimit.count,
                  })
                : null,
              s.levelLimit.amount !== null
                ? t('cashier.withdraw.levelAmount', {
                    used: text.money(s.levelLimit.usedAmount),
                    amount: text.money(s.levelLimit.amount),
                  })
                : null,
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
        )}
        {missing.length > 0 && <SetupCta missing={missing} />}
        {remaining === 0n && missing.length === 0 && (
          <WithdrawForm security={s} balance={sum} onDone={setDone} />
        )}
      </>
    );
  }

  return (
    <main className="cs-page" data-testid="withdraw-screen">
      <h1 className="cs-title">{t('cashier.withdraw.title')}</h1>
      {body}
    </main>
  );
}
