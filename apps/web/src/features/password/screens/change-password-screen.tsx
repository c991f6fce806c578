import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSite } from '../../../app/site';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { passwordMemory } from '../../../lib/password-memory';
import { session as sessionStore, useSession, type SessionInfo } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast';
import { changePassword } from '../api/change-password';
import { Dialog } from '../components/dialog';
import { Field, PasswordField, useProblemText } from '../components/field';
import { CHANGE_LOADING_MS, CHANGE_REDIRECT_MS, HOME } from '../lib/constants';
import { loadingToast } from '../lib/loading-toast';
import { renewRememberedLogin } from '../lib/renew-remembered-login';
import { validateChange, type ChangeErrors, type ChangeForm } from '../lib/rules';
import '../password.css';

const FIELDS = ['old', 'next', 'confirm'] as const;

/**
 * /m/changePsw (AUTH-049..061): change password, also the first password change (?first=1). Reached
 * only with a session (the route sends visitors home); the old password is asked for only when it is
 * not held in memory.
 */
export function ChangePasswordScreen() {
  const current = useSession();
  if (!current) return <Navigate to={HOME} replace />;
  return <ChangePasswordForm session={current} />;
}

function ChangePasswordForm({ session }: { session: SessionInfo }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const rules = useSite().bundle.info.register.rules;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const first = search.get('first') === '1';
  // Read once: the field must not vanish under the user's fingers when a change succeeds. A held
  // password the server refuses (changed in another tab since) is dropped and the field shown.
  const [held, setHeld] = useState(() => passwordMemory.get(session.userName));
  const askOld = held === null;
  const [form, setForm] = useState<ChangeForm>({ old: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<ChangeErrors>({});
  const [validated, setValidated] = useState(false);
  const [sameOpen, setSameOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const oldRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const focus = (key: keyof ChangeForm) =>
    ({ old: oldRef, next: nextRef, confirm: confirmRef })[key].current?.focus();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const onChange = (key: keyof ChangeForm) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...form, [key]: e.target.value };
    setForm(next);
    // After the first Confirm, messages follow the typing.
    if (validated) setErrors(validateChange(rules, next, askOld));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // AUTH-053: validate first.
    const found = validateChange(rules, form, askOld);
    setValidated(true);
    setErrors(found);
    const firstInvalid = FIELDS.find((k) => found[k]);
    if (firstInvalid) {
      focus(firstInvalid);
      return;
    }
    const oldPassword = held ?? form.old;
    // AUTH-054 / VALID-033: the same password again: say so, and nothing else.
    if (form.next === oldPassword) {
      setSameOpen(true);
      return;
    }
    setFailure(null);
    setBusy(true);
    // AUTH-055: loading (10 s), then the call.
    const loading = loadingToast(t('msg.please_wait'), CHANGE_LOADING_MS);
    try {
      await changePassword({ oldPassword, newPassword: form.next, confirmNewPassword: form.confirm });
    } catch (err) {
      // AUTH-061: hide the loading message; the reason shows in the form.
      void loading.hide();
      setBusy(false);
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      if (code === 'old_password_wrong' && held !== null) {
        passwordMemory.clear();
        setHeld(null);
      }
      setFailure(t(errorKey(code)));
      return;
    }
    // AUTH-056..060.
    void loading.next(t('msg.change_saved'), TOAST_MS.successPassword, 'success');
    passwordMemory.set(session.userName, form.next);
    if (session.firstTimeLogin) sessionStore.set({ ...session, firstTimeLogin: false });
    void renewRememberedLogin(session.userName, form.next);
    redirect.current = setTimeout(() => void navigate(HOME), CHANGE_REDIRECT_MS);
  }

  return (
    <main className="pw-page" data-testid="change-password-screen">
      {/* The header carries the first-password title; the page keeps a heading for screen readers. */}
      <h1 className={first ? 'visually-hidden' : 'pw-title'}>
        {first ? t('password.change.firstTitle') : t('password.change.title')}
      </h1>
      {first && <p className="pw-lead">{t('password.change.firstLead')}</p>}
      <form className="pw-form" noValidate onSubmit={(e) => void submit(e)}>
        <Field
          label={t('password.change.username')}
          error={null}
          value={session.userName}
          readOnly
          autoComplete="username"
          testId="change-username"
        />
        {askOld && (
          <PasswordField
            ref={oldRef}
            label={t('password.change.old')}
            error={problemText(errors.old)}
            value={form.old}
            onChange={onChange('old')}
            autoComplete="current-password"
            testId="change-old"
          />
        )}
        <PasswordField
          ref={nextRef}
          label={t('password.change.new')}
          error={problemText(errors.next)}
          value={form.next}
          onChange={onChange('next')}
          autoComplete="new-password"
          testId="change-new"
        />
        <PasswordField
          ref={confirmRef}
          label={t('password.change.confirm')}
          error={problemText(errors.confirm)}
          value={form.confirm}
          onChange={onChange('confirm')}
          autoComplete="new-password"
          testId="change-confirm"
        />
        {failure && (
          <p className="pw-alert" role="alert" data-testid="change-failure">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary pw-submit"
          disabled={busy}
          data-testid="change-submit"
        >
          {t('password.change.submit')}
        </button>
      </form>
      {sameOpen && (
        <Dialog
          title={t('password.change.sameTitle')}
          body={t('errors.same_password')}
          okLabel={t('password.change.ok')}
          onOk={() => setSameOpen(false)}
          testId="same-password-dialog"
        />
      )}
    </main>
  );
}
