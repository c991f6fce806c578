import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { TOAST_MS } from '../../../lib/toast';
import { setPasswordBySms } from '../api/set-password-by-sms';
import { loadingToast } from '../lib/loading-toast';
import { checkCode, checkMobile, checkNewPassword, type Problem } from '../lib/rules';
import { Field, PasswordField, useProblemText } from './field';
import { SmsCodeButton } from './sms-code-button';

type Key = 'mobileNum' | 'verificationCode' | 'newPassword';
const KEYS: readonly Key[] = ['mobileNum', 'verificationCode', 'newPassword'];

export interface PhoneResult {
  countryDialingCode: string;
  mobileNum: string;
  newPassword: string;
}

/**
 * Set password by SMS (AUTH-038, AUTH-041/042/048, VALID-025..028): mobile number with its dialling
 * code, the code (usable once one was sent), the new password. Submit stays disabled until a field was
 * touched and while any field fails. `onDone` logs in (AUTH-043).
 */
export function PhoneForm({ onDone }: { onDone: (r: PhoneResult) => Promise<void> }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { register } = useSite().bundle.info;
  const rules = register.rules;
  const codes = register.countryDialingCodes;
  const [dial, setDial] = useState(codes[0] ?? '+63');
  const [values, setValues] = useState<Record<Key, string>>({
    mobileNum: '',
    verificationCode: '',
    newPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({});
  const [codeSent, setCodeSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const problems: Record<Key, Problem | null> = {
    mobileNum: checkMobile(rules, values.mobileNum),
    verificationCode: checkCode(rules, values.verificationCode),
    newPassword: checkNewPassword(rules, values.newPassword),
  };
  const anyTouched = KEYS.some((k) => touched[k]);
  const anyError = KEYS.some((k) => problems[k] !== null);
  const shown = (k: Key) => (touched[k] ? problemText(problems[k]) : null);

  const set = (k: Key) => (value: string) => {
    setValues((v) => ({ ...v, [k]: value }));
    setTouched((x) => ({ ...x, [k]: true }));
  };
  const blur = (k: Key) => () => setTouched((x) => ({ ...x, [k]: true }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !anyTouched || anyError) return;
    setFailure(null);
    setBusy(true);
    const loading = loadingToast(t('msg.please_wait'), TOAST_MS.untilDone);
    const body = {
      countryDialingCode: dial,
      mobileNum: values.mobileNum.trim(),
      newPassword: values.newPassword,
    };
    try {
      await setPasswordBySms({ ...body, verificationCode: values.verificationCode.trim() });
    } catch (err) {
      void loading.hide();
      setBusy(false);
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      setFailure(t(errorKey(code)));
      // AUTH-041: the same password again clears the password; AUTH-042: anything else the code.
      if (code === 'modify.new.old.same') {
        setValues((v) => ({ ...v, newPassword: '' }));
        passwordRef.current?.focus();
      } else {
        setValues((v) => ({ ...v, verificationCode: '' }));
        codeRef.current?.focus();
      }
      return;
    }
    void loading.next(t('password.forget.phoneDone'), TOAST_MS.successPassword, 'success');
    await onDone(body);
  }

  const dialPicker = (
    <select
      className="pw-dial"
      aria-label={t('password.forget.dialingCode')}
      value={dial}
      onChange={(e) => setDial(e.target.value)}
      data-testid="forget-dial"
    >
      {codes.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );

  return (
    <form className="pw-form" noValidate onSubmit={(e) => void submit(e)} data-testid="forget-phone-form">
      <p className="pw-lead">{t('password.forget.phoneLead')}</p>
      <Field
        label={t('password.forget.mobile')}
        error={shown('mobileNum')}
        before={dialPicker}
        value={values.mobileNum}
        onChange={(e) => set('mobileNum')(e.target.value)}
        onBlur={blur('mobileNum')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        testId="forget-mobile"
      />
      <Field
        ref={codeRef}
        label={t('password.forget.code')}
        error={codeSent ? shown('verificationCode') : null}
        value={values.verificationCode}
        onChange={(e) => set('verificationCode')(e.target.value)}
        onBlur={blur('verificationCode')}
        // AUTH-048: no code to type before one was sent.
        disabled={!codeSent}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        testId="forget-code"
        addon={
          <SmsCodeButton
            countryDialingCode={dial}
            mobileNum={values.mobileNum.trim()}
            mobileValid={problems.mobileNum === null}
            onSent={() => {
              setCodeSent(true);
              setTimeout(() => codeRef.current?.focus(), 0);
            }}
            onInvalidMobile={() => setTouched((x) => ({ ...x, mobileNum: true }))}
            onFailure={setFailure}
          />
        }
      />
      <PasswordField
        ref={passwordRef}
        label={t('password.forget.newPassword')}
        error={shown('newPassword')}
        value={values.newPassword}
        onChange={(e) => set('newPassword')(e.target.value)}
        onBlur={blur('newPassword')}
        autoComplete="new-password"
        testId="forget-password"
      />
      {failure && (
        <p className="pw-alert" role="alert" data-testid="forget-phone-failure">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary pw-submit"
        disabled={busy || !anyTouched || anyError}
        data-testid="forget-phone-submit"
      >
        {t('password.forget.phoneSubmit')}
      </button>
    </form>
  );
}
