import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { resetPaymentPassword, setPaymentPassword } from '../api/security';
import { useSecuritySubmit } from '../hooks/use-security-submit';
import { isPaymentPassword } from '../lib/amount';
import { Field, PinField } from './field';

type Mode = 'set' | 'change' | 'reset';
type Name = 'login' | 'old' | 'pin' | 'confirm';
const EMPTY: Record<Name, string> = { login: '', old: '', pin: '', confirm: '' };

/**
 * The payment password: set the first one (proved with the login password), change it (with the old
 * one) or reset a forgotten one (with the login password). Six digits; stored hashed on the server.
 */
export function PaymentPasswordSection({ has }: { has: boolean }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(has ? 'change' : 'set');
  const current: Mode = has ? (mode === 'set' ? 'change' : mode) : 'set';
  const [form, setForm] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const { busy, failure, run } = useSecuritySubmit();
  const loginRef = useRef<HTMLInputElement>(null);
  const oldRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const needs: Name[] = current === 'change' ? ['old', 'pin', 'confirm'] : ['login', 'pin', 'confirm'];
  const problem = (n: Name): string | null => {
    switch (n) {
      case 'login':
        return form.login === '' ? t('cashier.pin.loginRequired') : null;
      case 'old':
        return isPaymentPassword(form.old) ? null : t('cashier.pin.format');
      case 'pin':
        return isPaymentPassword(form.pin) ? null : t('cashier.pin.format');
      case 'confirm':
        return form.confirm === form.pin ? null : t('cashier.pin.mismatch');
    }
  };
  const shown = (n: Name) => (submitted ? problem(n) : null);
  const set = (n: Name, digits: boolean) => (v: string) =>
    setForm((f) => ({ ...f, [n]: digits ? v.replace(/\D/g, '').slice(0, 6) : v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const first = needs.find((n) => problem(n));
    if (first) {
      ({ login: loginRef, old: oldRef, pin: pinRef, confirm: confirmRef })[first].current?.focus();
      return;
    }
    const pins = { paymentPassword: form.pin, confirmPaymentPassword: form.confirm };
    const ok = await run(
      () =>
        current === 'reset'
          ? resetPaymentPassword({ loginPassword: form.login, ...pins })
          : current === 'change'
            ? setPaymentPassword({ oldPaymentPassword: form.old, ...pins })
            : setPaymentPassword({ loginPassword: form.login, ...pins }),
      'cashier.pin.saved',
    );
    if (ok) {
      setForm(EMPTY);
      setSubmitted(false);
    }
  }

  function switchTo(m: Mode) {
    setMode(m);
    setForm(EMPTY);
    setSubmitted(false);
  }

  return (
    <section className="cs-card" aria-labelledby="cs-pin-title" data-testid="security-pin">
      <h2 id="cs-pin-title" className="cs-card__title">
        {t('cashier.pin.title')}
        <span className="cs-status" data-testid="security-pin-status">
          {has ? t('cashier.security.set') : t('cashier.security.notSet')}
        </span>
      </h2>
      {has && (
        <div className="cs-seg" role="group" aria-label={t('cashier.pin.title')}>
          {(['change', 'reset'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className={`cs-seg__btn${current === m ? ' cs-seg__btn--on' : ''}`}
              aria-pressed={current === m}
              onClick={() => switchTo(m)}
              data-testid={`security-pin-mode-${m}`}
            >
              {t(`cashier.pin.mode.${m}`)}
            </button>
          ))}
        </div>
      )}
      <p className="cs-muted">{t(`cashier.pin.lead.${current}`)}</p>
      <form className="cs-form" noValidate onSubmit={(e) => void submit(e)} data-testid="security-pin-form">
        {current !== 'change' && (
          <Field
            ref={loginRef}
            type="password"
            label={t('cashier.pin.login')}
            error={shown('login')}
            value={form.login}
            onChange={(e) => set('login', false)(e.target.value)}
            autoComplete="current-password"
            maxLength={128}
            testId="security-pin-login"
          />
        )}
        {current === 'change' && (
          <PinField
            ref={oldRef}
            label={t('cashier.pin.old')}
            error={shown('old')}
            value={form.old}
            onChange={(e) => set('old', true)(e.target.value)}
            testId="security-pin-old"
          />
        )}
        <PinField
          ref={pinRef}
          label={t('cashier.pin.new')}
          error={shown('pin')}
          value={form.pin}
          onChange={(e) => set('pin', true)(e.target.value)}
          testId="security-pin-new"
        />
        <PinField
          ref={confirmRef}
          label={t('cashier.pin.confirm')}
          error={shown('confirm')}
          value={form.confirm}
          onChange={(e) => set('confirm', true)(e.target.value)}
          testId="security-pin-confirm"
        />
        {failure && (
          <p className="cs-alert" role="alert" data-testid="security-pin-failure">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary cs-submit"
          disabled={busy}
          data-testid="security-pin-submit"
        >
          {t(`cashier.pin.submit.${current}`)}
        </button>
      </form>
    </section>
  );
}
