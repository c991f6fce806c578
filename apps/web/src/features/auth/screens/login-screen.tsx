import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useSite } from '../../../app/site';
import { CAPTCHA_MAX, MOBILE_MAX, SMS_CODE_MAX } from '../../../lib/validation';
import { AuthTabs } from '../components/auth-tabs';
import { AuthTopBar } from '../components/auth-top-bar';
import { CaptchaButton } from '../components/captcha-button';
import { DialingCodePicker, PasswordField, TextField } from '../components/fields';
import { BreakNotice } from '../components/break-notice';
import { FormAlert } from '../components/form-alert';
import { apiErrorKey, useMessageText } from '../components/messages';
import { SmsCodeButton } from '../components/sms-code-button';
import { SocialButtons, useSocialProviders } from '../components/social-buttons';
import { useLoginForm } from '../hooks/use-login-form';
import { useTrialPlay } from '../hooks/use-trial-play';
import { loginMethods } from '../rules/login-form';
import { ServiceLink } from '../../../components/ui/service-link';
import '../auth.css';

/** /m/login (spec §2 Login screen; AUTH-016..031). */
export function LoginScreen() {
  const { t } = useTranslation();
  const site = useSite();
  const { bundle } = site;
  const f = useLoginForm();
  const message = useMessageText(f.language);
  const trial = useTrialPlay((err) => f.setServerError(apiErrorKey(err)));
  const social = useSocialProviders();
  const methods = loginMethods(site.flag('MOBILEVERCODELOGIN3'));
  const err = (k: keyof typeof f.errors) => (f.errors[k] ? message(f.errors[k]) : null);

  return (
    <div className="auth-page" data-testid="login-screen">
      <AuthTopBar />
      <main className="auth-main">
        <h1 className="auth-title">{t('auth.login.title')}</h1>
        {methods.length > 1 && (
          <AuthTabs
            tabs={methods.map((m) => ({
              value: m,
              label: t(m === 'password' ? 'auth.login.tabPassword' : 'auth.login.tabSms'),
            }))}
            value={f.method}
            onChange={f.switchMethod}
            label={t('auth.login.methods')}
            panelId="login-panel"
            idPrefix="login-tab"
          />
        )}
        <form
          id="login-panel"
          className="auth-form"
          noValidate
          {...(methods.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `login-tab-${f.method}` } : {})}
          onSubmit={(e) => {
            e.preventDefault();
            void f.submit();
          }}
          data-testid="login-form"
        >
          {f.method === 'password' ? (
            <>
              <TextField
                id="username"
                label={t('auth.field.username')}
                value={f.values.username}
                onChange={(v) => f.setValue('username', v)}
                onBlur={() => f.blur('username')}
                error={err('username')}
                required
                autoComplete="username"
                maxLength={64}
                inputRef={f.bind('username')}
              />
              <PasswordField
                id="password"
                label={t('auth.field.password')}
                value={f.values.password}
                onChange={(v) => f.setValue('password', v)}
                onBlur={() => f.blur('password')}
                error={err('password')}
                required
                autoComplete="current-password"
                maxLength={128}
                inputRef={f.bind('password')}
              />
            </>
          ) : (
            <>
              <TextField
                id="mobileNum"
                label={t('auth.field.mobile')}
                type="tel"
                inputMode="numeric"
                value={f.values.mobileNum}
                onChange={(v) => f.setValue('mobileNum', v)}
                onBlur={() => f.blur('mobileNum')}
                error={err('mobileNum')}
                required
                autoComplete="tel-national"
                maxLength={MOBILE_MAX}
                inputRef={f.bind('mobileNum')}
                start={
                  <DialingCodePicker
                    id="login-dialing"
                    codes={f.codes}
                    value={f.dialingCode}
                    onChange={f.setDialingCode}
                  />
                }
              />
              <TextField
                id="messageCode"
                label={t('auth.field.smsCode')}
                inputMode="numeric"
                value={f.values.messageCode}
                onChange={(v) => f.setValue('messageCode', v)}
                onBlur={() => f.blur('messageCode')}
                error={err('messageCode')}
                required
                autoComplete="one-time-code"
                maxLength={SMS_CODE_MAX}
                inputRef={f.bind('messageCode')}
                end={<SmsCodeButton state={f.sms.state} onSend={() => void f.sms.send()} />}
              />
            </>
          )}
          {f.captchaShown && (
            <TextField
              id="captcha"
              label={t('auth.field.captcha')}
              inputMode="numeric"
              value={f.values.captcha}
              onChange={(v) => f.setValue('captcha', v)}
              onBlur={() => f.blur('captcha')}
              error={err('captcha')}
              required
              maxLength={CAPTCHA_MAX}
              inputRef={f.bind('captcha')}
              end={<CaptchaButton captcha={f.captcha} />}
            />
          )}
          {f.method === 'password' && (
            <label className="auth-check">
              <input
                type="checkbox"
                checked={f.rememberMe}
                onChange={(e) => f.toggleRemember(e.target.checked)}
                data-testid="remember"
              />
              <span>{t('auth.login.remember')}</span>
            </label>
          )}
          <FormAlert text={f.serverError ? message(f.serverError) : null} />
          {f.breakUntil && <BreakNotice until={f.breakUntil} />}
          <button
            type="submit"
            className="btn btn--primary auth-submit"
            disabled={f.submitting}
            data-testid="login-submit"
          >
            {f.submitting ? t('msg.please_wait') : t('auth.login.submit')}
          </button>
          {bundle.site.trialMerchantCode !== null && (
            <button
              type="button"
              className="auth-secondary"
              onClick={() => void trial.start()}
              disabled={trial.running}
              data-testid="test-play"
            >
              {t('auth.login.testPlay')}
            </button>
          )}
          <p className="auth-help">
            {t('auth.login.trouble')}{' '}
            <ServiceLink className="auth-link" testId="login-service">
              {t('auth.login.service')}
            </ServiceLink>
          </p>
        </form>
        {f.method === 'password' && <SocialButtons providers={social} />}
        <nav className="auth-strip" aria-label={t('auth.login.strip')} data-testid="login-strip">
          <Link to="/m/home">{t('auth.login.home')}</Link>
          <Link to="/m/register">{t('auth.login.registerNow')}</Link>
          <Link to="/m/forget">{t('auth.login.forgot')}</Link>
          <ServiceLink testId="strip-service">{t('auth.login.service')}</ServiceLink>
        </nav>
      </main>
    </div>
  );
}
