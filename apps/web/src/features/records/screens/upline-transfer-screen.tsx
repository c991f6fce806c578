import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useSite } from '../../../app/site';
import { useHeaderBalance } from '../../../app/layout/use-header-balance';
import { useMemberInfo } from '../../../app/layout/use-member-info';
import { formatMoney } from '../../../lib/format';
import { TOAST_MS, toast } from '../../../lib/toast';
import { useTransferUpline } from '../api/transfer-upline';
import { ListSkeleton } from '../../../components/ui/states';
import { Page } from '../../../components/ui/page';
import {
  PaymentFailure,
  PaymentPasswordField,
  PaymentSubmit,
  SecurityCentreLink,
  usePaymentPassword,
} from '../../../components/ui/payment-password';
import { canTransferToUpline, validateUpline, type UplineFormErrors } from '../lib/upline';
import '../records.css';

function UplineForm() {
  const { t } = useTranslation();
  const { balance } = useHeaderBalance();
  const pay = usePaymentPassword(useTransferUpline());
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<UplineFormErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const amountId = useId();
  const passwordId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pay.busy) return;
    const found = validateUpline(amount, pay.password, balance);
    setErrors(found);
    pay.setFailure(null);
    setDone(null);
    if (found.amount) return amountRef.current?.focus();
    if (found.paymentPassword) return pay.ref.current?.focus();
    const body = { amount: amount.trim(), paymentPassword: pay.password };
    const sent = await pay.send(body);
    if (!sent.ok) return;
    setDone(body.amount);
    setAmount('');
    void toast.show(
      t('records.upline.success', { amount: formatMoney(body.amount) }),
      TOAST_MS.success,
      'success',
    );
  };

  return (
    <form className="ui-card rec-form" onSubmit={(e) => void submit(e)} noValidate data-testid="upline-form">
      <p className="rec-form__balance">
        <span>{t('records.upline.available')}</span>{' '}
        <strong data-testid="upline-balance">{balance === null ? '—' : formatMoney(balance)}</strong>
      </p>
      <label className="ui-field" htmlFor={amountId}>
        <span className="ui-field__label">{t('records.upline.amount')}</span>
        <input
          ref={amountRef}
          id={amountId}
          className="ui-input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={errors.amount !== undefined}
          aria-describedby={errors.amount ? `${amountId}-error` : undefined}
          data-testid="upline-amount"
        />
      </label>
      {errors.amount && (
        <p id={`${amountId}-error`} className="ui-field__error" data-testid="upline-amount-error">
          {t(`records.upline.error.${errors.amount}`)}
        </p>
      )}
      <PaymentPasswordField
        pay={pay}
        id={passwordId}
        label={t('records.upline.paymentPassword')}
        invalid={errors.paymentPassword !== undefined}
        describedBy={errors.paymentPassword ? `${passwordId}-error` : undefined}
        testId="upline-password"
      />
      {errors.paymentPassword && (
        <p id={`${passwordId}-error`} className="ui-field__error" data-testid="upline-password-error">
          {t(`records.upline.error.${errors.paymentPassword}`)}
        </p>
      )}
      <SecurityCentreLink
        className="rec-form__hint"
        text={t('records.upline.securityLink')}
        testId="upline-security-link"
      />
      <PaymentFailure failure={pay.failure} className="rec-form__failure" testId="upline-error" />
      {done !== null && (
        <p className="rec-form__done" role="status" data-testid="upline-success">
          {t('records.upline.success', { amount: formatMoney(done) })}
        </p>
      )}
      <PaymentSubmit
        busy={pay.busy}
        className="btn btn--primary rec-form__submit"
        text={t('records.upline.submit')}
        testId="upline-submit"
      />
    </form>
  );
}

/**
 * /m/upLine/transfer: send money to the upline agent. Offered only when AGETRANSFERUP3 is on, the
 * member has toUpline and is not type 2 (MINE-025); the server refuses the others on its own.
 */
export function UplineTransferScreen() {
  const { t } = useTranslation();
  const site = useSite();
  const { info } = useMemberInfo();
  const flagOn = site.flag('AGETRANSFERUP3');
  let body;
  if (flagOn && info === null) body = <ListSkeleton rows={2} />;
  else if (!canTransferToUpline(flagOn, info)) {
    body = (
      <div className="ui-state" role="alert" data-testid="upline-unavailable">
        <p className="ui-state__text">{t('records.upline.unavailable')}</p>
        <Link className="btn btn--primary" to="/m/mine">
          {t('records.upline.back')}
        </Link>
      </div>
    );
  } else body = <UplineForm />;
  return (
    <Page title={t('records.upline.title')} testId="upline-transfer-screen">
      {body}
    </Page>
  );
}
