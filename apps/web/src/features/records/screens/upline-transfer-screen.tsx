import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useSite } from '../../../app/site';
import { useHeaderBalance } from '../../../app/layout/use-header-balance';
import { useMemberInfo } from '../../../app/layout/use-member-info';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { TOAST_MS, toast } from '../../../lib/toast';
import { useTransferUpline } from '../api/transfer-upline';
import { ListSkeleton, useErrorText } from '../../../components/ui/states';
import { Page } from '../../../components/ui/page';
import { createIntentKeys } from '../../../lib/intent-key';
import { canTransferToUpline, validateUpline, type UplineFormErrors } from '../lib/upline';
import '../records.css';

/** A lost answer (no network, a server fault) may be retried with the same key; a refusal may not. */
const answered = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

function UplineForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { balance } = useHeaderBalance();
  const transfer = useTransferUpline();
  const [keys] = useState(() => createIntentKeys());
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<UplineFormErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const amountId = useId();
  const passwordId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (transfer.isPending) return;
    const found = validateUpline(amount, password, balance);
    setErrors(found);
    setFailure(null);
    setDone(null);
    if (found.amount) return amountRef.current?.focus();
    if (found.paymentPassword) return passwordRef.current?.focus();
    const body = { amount: amount.trim(), paymentPassword: password };
    const idempotencyKey = keys.keyFor(JSON.stringify(body));
    try {
      await transfer.mutateAsync({ ...body, idempotencyKey });
      keys.settle('answered');
      setDone(body.amount);
      setAmount('');
      setPassword('');
      void toast.show(
        t('records.upline.success', { amount: formatMoney(body.amount) }),
        TOAST_MS.success,
        'success',
      );
    } catch (err) {
      keys.settle(answered(err) ? 'answered' : 'lost');
      setFailure(err);
      setPassword('');
      passwordRef.current?.focus();
    }
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
      <label className="ui-field" htmlFor={passwordId}>
        <span className="ui-field__label">{t('records.upline.paymentPassword')}</span>
        <input
          ref={passwordRef}
          id={passwordId}
          className="ui-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.paymentPassword !== undefined}
          aria-describedby={errors.paymentPassword ? `${passwordId}-error` : undefined}
          data-testid="upline-password"
        />
      </label>
      {errors.paymentPassword && (
        <p id={`${passwordId}-error`} className="ui-field__error" data-testid="upline-password-error">
          {t(`records.upline.error.${errors.paymentPassword}`)}
        </p>
      )}
      <p className="rec-form__hint">
        <Link to="/m/securityCenter" data-testid="upline-security-link">
          {t('records.upline.securityLink')}
        </Link>
      </p>
      {failure !== null && (
        <p className="rec-form__failure" role="alert" data-testid="upline-error">
          {errorText(failure)}
        </p>
      )}
      {done !== null && (
        <p className="rec-form__done" role="status" data-testid="upline-success">
          {t('records.upline.success', { amount: formatMoney(done) })}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary rec-form__submit"
        disabled={transfer.isPending}
        aria-busy={transfer.isPending}
        data-testid="upline-submit"
      >
        {transfer.isPending ? t('common.pleaseWait') : t('records.upline.submit')}
      </button>
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
