import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { useSite } from '../../../app/site';
import { passwordMemory } from '../../../lib/password-memory';
import { session } from '../../../lib/session';
import { loginWithPassword } from '../api/login-with-password';
import { EmailForm } from '../components/email-form';
import { PhoneForm, type PhoneResult } from '../components/phone-form';
import { HOME, LOGIN } from '../lib/constants';
import '../password.css';

export type FindType = 'phone' | 'email';

/** AUTH-035: phone when the merchant resets passwords by phone, else e-mail. */
export const defaultFindType = (byPhone: boolean): FindType => (byPhone ? 'phone' : 'email');

/** react-router keeps its history index in history.state.idx; 0 means this page opened the tab. */
const hasHistory = () => {
  const state: unknown = window.history.state;
  return state !== null && typeof state === 'object' && 'idx' in state && Number(state.idx) > 0;
};

/**
 * /m/forget (AUTH-034..043): recover by phone (set a password with an SMS code, then log in) or by
 * e-mail (a reset link). The choice shows only when the merchant resets passwords by phone.
 */
export function ForgetScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const byPhone = useSite().bundle.info.register.passwordResetByPhone;
  const [findType, setFindType] = useState<FindType>(() => defaultFindType(byPhone));
  const type: FindType = byPhone ? findType : 'email';

  const back = () => {
    if (hasHistory()) void navigate(-1);
    else void navigate(LOGIN, { replace: true });
  };

  // AUTH-043: log in with the mobile number as the username and the new password.
  const loginAfterSms = async (r: PhoneResult) => {
    try {
      const info = await loginWithPassword(r.mobileNum, r.newPassword, r.countryDialingCode);
      session.set(info);
      passwordMemory.set(info.userName, r.newPassword);
      void navigate(HOME, { replace: true });
    } catch {
      void navigate(LOGIN, { replace: true });
    }
  };

  return (
    <main className="pw-page" data-testid="forget-screen">
      <h1 className="visually-hidden">{t('password.forget.title')}</h1>
      {byPhone && (
        <div
          className="pw-switch"
          role="group"
          aria-label={t('password.forget.method')}
          data-testid="forget-switch"
        >
          {(['phone', 'email'] as const).map((k) => (
            <button
              key={k}
              type="button"
              className="pw-switch__option"
              aria-pressed={type === k}
              onClick={() => setFindType(k)}
              data-testid={`forget-by-${k}`}
            >
              {k === 'phone' ? t('password.forget.byPhone') : t('password.forget.byEmail')}
            </button>
          ))}
        </div>
      )}
      {type === 'phone' ? <PhoneForm onDone={loginAfterSms} /> : <EmailForm onDone={back} />}
    </main>
  );
}
