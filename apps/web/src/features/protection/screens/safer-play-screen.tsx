import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EXCLUSION_PERIODS, exclusionEnd, type ExclusionPeriod } from '@panalo/contract/protection-rules';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorKey } from '../../../i18n';
import { logoutLocally } from '../../../lib/logout';
import { takeBreak } from '../api/exclusion';
import { MoneyLimits } from '../components/money-limits';
import { PlayHistory } from '../components/play-history';
import { RealityCheckSetting } from '../components/reality-check-setting';
import { SessionLimit } from '../components/session-limit';
import { breakLanding, formatBreakEnd } from '../rules/break-end';
import '../protection.css';

const TIMEOUTS = EXCLUSION_PERIODS.filter((p) => p.startsWith('timeout_'));
const EXCLUSIONS = EXCLUSION_PERIODS.filter((p) => p.startsWith('exclusion_'));

/**
 * /m/saferPlay (issue 22): the member takes a break from play — a time-out (24 hours, 7 days, 6 weeks)
 * or a self-exclusion (6 months, 1 or 5 years, permanently). The login password confirms it, a second
 * step says when it ends; then every session ends and this device is signed out. The server enforces it
 * everywhere and nobody can lift it early.
 */
export function SaferPlayScreen() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<ExclusionPeriod | null>(null);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const passwordId = useId();

  const end = period
    ? (formatBreakEnd(exclusionEnd(period, new Date()), i18n.language) ?? t('protection.never'))
    : '';

  function next(e: FormEvent) {
    e.preventDefault();
    if (!period) return setProblem(t('protection.choose'));
    if (!password) return setProblem(t('protection.passwordRequired'));
    setProblem(null);
    setConfirming(true);
    requestAnimationFrame(() => confirmRef.current?.focus());
  }

  async function confirm() {
    if (!period || busy) return;
    setBusy(true);
    try {
      const r = await takeBreak(period, password);
      await logoutLocally({ reload: () => window.location.assign(breakLanding(r.until)) });
    } catch (err) {
      setBusy(false);
      setConfirming(false);
      setProblem(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error')));
    }
  }

  const option = (p: ExclusionPeriod) => (
    <label key={p} className="sp-option">
      <input
        type="radio"
        name="period"
        value={p}
        checked={period === p}
        onChange={() => {
          setPeriod(p);
          setConfirming(false);
        }}
        data-testid={`sp-${p}`}
      />
      <span>{t(`protection.period.${p}`)}</span>
    </label>
  );

  return (
    <main className="sp-page" data-testid="safer-play-screen">
      <h1 className="sp-title">{t('protection.title')}</h1>
      <p className="sp-intro">{t('protection.intro')}</p>
      <MoneyLimits kind="deposit" />
      <MoneyLimits kind="wager" />
      <MoneyLimits kind="loss" />
      <SessionLimit />
      <RealityCheckSetting />
      <PlayHistory />
      <form className="sp-card" noValidate onSubmit={next} data-testid="sp-form">
        <fieldset className="sp-group">
          <legend>{t('protection.timeout')}</legend>
          <p className="sp-muted">{t('protection.timeoutHint')}</p>
          {TIMEOUTS.map(option)}
        </fieldset>
        <fieldset className="sp-group">
          <legend>{t('protection.exclusion')}</legend>
          <p className="sp-muted">{t('protection.exclusionHint')}</p>
          {EXCLUSIONS.map(option)}
        </fieldset>
        <label htmlFor={passwordId} className="sp-label">
          {t('protection.password')}
        </label>
        <input
          id={passwordId}
          className="sp-input"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="sp-password"
        />
        {problem && (
          <p className="sp-alert" role="alert" data-testid="sp-problem">
            {problem}
          </p>
        )}
        {!confirming && (
          <button type="submit" className="btn btn--primary sp-submit" data-testid="sp-continue">
            {t('protection.continue')}
          </button>
        )}
      </form>
      {confirming && period && (
        <section className="sp-card sp-confirm" aria-labelledby="sp-confirm-title" data-testid="sp-confirm">
          <h2 id="sp-confirm-title" ref={confirmRef} tabIndex={-1}>
            {t('protection.confirmTitle')}
          </h2>
          <p>{t('protection.confirmText', { end })}</p>
          <div className="sp-actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void confirm()}
              data-testid="sp-confirm-button"
            >
              {busy ? t('msg.please_wait') : t('protection.confirm')}
            </button>
            <button
              type="button"
              className="btn sp-secondary"
              onClick={() => setConfirming(false)}
              data-testid="sp-cancel"
            >
              {t('protection.cancel')}
            </button>
          </div>
        </section>
      )}
      <p className="sp-help">
        {t('protection.helpText')} <Link to="/m/help">{t('protection.help')}</Link>
      </p>
    </main>
  );
}
