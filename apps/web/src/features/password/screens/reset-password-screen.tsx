import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { useSite } from '../../../app/site';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { TOAST_MS } from '../../../lib/toast';
import { resetByLink } from '../api/reset-by-link';
import { PasswordField, useProblemText } from '../components/field';
import { LOGIN } from '../lib/constants';
import { loadingToast } from '../lib/loading-toast';
import { checkConfirm, checkNewPassword, type Problem } from '../lib/rules';
import '../password.css';

type State = 'form' | 'done' | 'invalid';

/**
 * /m/resetPassword?token=… : the page a reset e-mail links to. A new password and its confirmation set
 * the password once; then a link to log in. A missing, used or expired link says so and offers a new one.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const rules = useSite().bundle.info.register.rules;
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<State>(() => (/^[\w-]{16,256}$/.test(token) ? 'form' : 'invalid'));
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ next?: Problem | null; confirm?: Problem | null }>({});
  const [validated, setValidated] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nextRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const validate = (n: string, c: string) => ({
    next: checkNewPassword(rules, n),
    confirm: checkConfirm(n, c),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validate(next, confirm);
    setValidated(true);
    setErrors(found);
    if (found.next) return nextRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
    setFailure(null);
    setBusy(true);
    const loading = loadingToast(t('msg.please_wait'), TOAST_MS.untilDone);
    try {
      await resetByLink({ token, newPassword: next });
      void loading.hide();
      setState('done');
    } catch (err) {
      void loading.hide();
      setBusy(false);
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      if (code === 'reset_link_invalid') setState('invalid');
      else setFailure(t(errorKey(code)));
    }
  }

  return (
    <main className="pw-page" data-testid="reset-password-screen">
      <h1 className="pw-title">{t('password.reset.title')}</h1>
      {state === 'done' && (
        <>
          <p className="pw-success" role="status" data-testid="reset-done">
            {t('password.reset.done')}
          </p>
          <Link className="btn btn--primary pw-submit" to={LOGIN} replace data-testid="reset-login">
            {t('password.reset.login')}
          </Link>
        </>
      )}
      {state === 'invalid' && (
        <>
          <p className="pw-alert" role="alert" data-testid="reset-invalid">
            {t('password.reset.invalid')}
          </p>
          <Link className="pw-link" to="/m/forget" replace data-testid="reset-again">
            {t('password.reset.again')}
          </Link>
        </>
      )}
      {state === 'form' && (
        <form className="pw-form" noValidate onSubmit={(e) => void submit(e)} data-testid="reset-form">
          <p className="pw-lead">{t('password.reset.lead')}</p>
          <PasswordField
            ref={nextRef}
            label={t('password.reset.new')}
            error={problemText(errors.next)}
            value={next}
            onChange={(e) => {
              setNext(e.target.value);
              if (validated) setErrors(validate(e.target.value, confirm));
            }}
            autoComplete="new-password"
            testId="reset-new"
          />
          <PasswordField
            ref={confirmRef}
            label={t('password.reset.confirm')}
            error={problemText(errors.confirm)}
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              if (validated) setErrors(validate(next, e.target.value));
            }}
            autoComplete="new-password"
            testId="reset-confirm"
          />
          {failure && (
            <p className="pw-alert" role="alert" data-testid="reset-failure">
              {failure}
            </p>
          )}
          <button
            type="submit"
            className="btn btn--primary pw-submit"
            disabled={busy}
            data-testid="reset-submit"
          >
            {t('password.reset.submit')}
          </button>
        </form>
      )}
    </main>
  );
}
