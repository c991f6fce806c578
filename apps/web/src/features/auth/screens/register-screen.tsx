import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useSite } from '../../../app/site';
import { AgreeSwitch } from '../components/agree-switch';
import { AuthTabs } from '../components/auth-tabs';
import { AuthTopBar } from '../components/auth-top-bar';
import { FormAlert } from '../components/form-alert';
import { useMessageText } from '../components/messages';
import { RegisterField } from '../components/register-field';
import { SocialButtons, useSocialProviders } from '../components/social-buttons';
import { useRegisterForm } from '../hooks/use-register-form';
import '../auth.css';

/** /m/register, /register.html, /m/register.html (spec §2 Register screen; AUTH-001..015). */
export function RegisterScreen() {
  const { t } = useTranslation();
  const { bundle } = useSite();
  const f = useRegisterForm();
  const message = useMessageText();
  const social = useSocialProviders();
  const tabbed = f.tabs.length > 1;

  return (
    <div className="auth-page" data-testid="register-screen">
      <AuthTopBar />
      <main className="auth-main">
        <h1 className="auth-title">{t('auth.register.title')}</h1>
        {tabbed && (
          <AuthTabs
            tabs={f.tabs.map((m) => ({
              value: m,
              label: t(m === 'username' ? 'auth.register.tabUsername' : 'auth.register.tabMobile'),
            }))}
            value={f.mode}
            onChange={f.switchMode}
            label={t('auth.register.methods')}
            panelId="register-panel"
            idPrefix="register-tab"
          />
        )}
        <form
          id="register-panel"
          className="auth-form"
          noValidate
          {...(tabbed ? { role: 'tabpanel', 'aria-labelledby': `register-tab-${f.mode}` } : {})}
          onSubmit={(e) => {
            e.preventDefault();
            void f.submit();
          }}
          data-testid="register-form"
          data-mode={f.mode}
        >
          {[...f.fields].map(([field, rule]) => {
            const error = f.errors[field];
            return (
              <RegisterField
                key={field}
                field={field}
                rule={rule}
                t={t}
                value={f.values[field] ?? ''}
                onChange={(v) => f.setValue(field, v)}
                onBlur={() => f.blur(field)}
                error={error ? message(error) : null}
                inputRef={f.bind(field)}
                dialing={{ codes: f.codes, value: f.dialingCode, onChange: f.setDialingCode }}
                sms={{ state: f.sms.state, send: () => void f.sms.send() }}
                captcha={f.captcha}
              />
            );
          })}
          <AgreeSwitch
            on={f.agree}
            onChange={f.setAgree}
            age={bundle.info.register.ageNotice}
            agreementPath={bundle.info.paths.agreement}
          />
          <FormAlert text={f.serverError ? message(f.serverError) : null} />
          <button
            type="submit"
            className="btn btn--primary auth-submit"
            disabled={!f.agree || f.submitting}
            data-testid="register-submit"
          >
            {f.submitting ? t('msg.please_wait') : t('auth.register.submit')}
          </button>
        </form>
        <SocialButtons providers={social} />
        <p className="auth-switch-link">
          <Link to="/m/login" className="auth-link" data-testid="to-login">
            {t('auth.register.haveAccount')}
          </Link>
        </p>
      </main>
    </div>
  );
}
