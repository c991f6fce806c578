import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { TOAST_MS } from '../../../lib/toast';
import { requestResetLink } from '../api/forgot-email';
import { loadingToast } from '../lib/loading-toast';
import { checkEmail, checkUsername, type Problem } from '../lib/rules';
import { Field, useProblemText } from './field';

interface Errors {
  username?: Problem;
  email?: Problem;
}

/**
 * Forgot password by e-mail (AUTH-037, VALID-021..024): username and e-mail, trimmed, sent only when
 * both pass; on success a loading message until the answer, a success message, then `onDone` (back).
 */
export function EmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const rules = useSite().bundle.info.register.rules;
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [validated, setValidated] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const leave = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leave.current), []);

  const validate = (u: string, e: string): Errors => {
    const found: Errors = {};
    const uProblem = checkUsername(rules, u);
    const eProblem = checkEmail(e);
    if (uProblem) found.username = uProblem;
    if (eProblem) found.email = eProblem;
    return found;
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validate(username, email);
    setValidated(true);
    setErrors(found);
    // VALID-024: nothing is sent unless both pass.
    if (found.username) return usernameRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    setFailure(null);
    setBusy(true);
    // AUTH-039: a loading message that stays until the answer.
    const loading = loadingToast(t('msg.please_wait'), TOAST_MS.untilDone);
    try {
      await requestResetLink({ username: username.trim(), email: email.trim() });
    } catch (err) {
      void loading.hide();
      setBusy(false);
      setFailure(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error')));
      return;
    }
    // AUTH-040: then the success message, then back.
    void loading.next(t('password.forget.emailSent'), TOAST_MS.success, 'success');
    leave.current = setTimeout(onDone, TOAST_MS.success);
  }

  return (
    <form className="pw-form" noValidate onSubmit={(e) => void submit(e)} data-testid="forget-email-form">
      <p className="pw-lead">{t('password.forget.emailLead')}</p>
      <Field
        ref={usernameRef}
        label={t('password.forget.username')}
        error={problemText(errors.username)}
        value={username}
        onChange={(e) => {
          setUsername(e.target.value);
          if (validated) setErrors(validate(e.target.value, email));
        }}
        autoComplete="username"
        autoCapitalize="off"
        maxLength={64}
        testId="forget-username"
      />
      <Field
        ref={emailRef}
        label={t('password.forget.email')}
        error={problemText(errors.email)}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (validated) setErrors(validate(username, e.target.value));
        }}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={128}
        testId="forget-email"
      />
      {failure && (
        <p className="pw-alert" role="alert" data-testid="forget-email-failure">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary pw-submit"
        disabled={busy}
        data-testid="forget-email-submit"
      >
        {t('password.forget.emailSubmit')}
      </button>
    </form>
  );
}
