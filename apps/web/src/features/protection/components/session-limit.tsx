import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_LIMIT_MINUTES } from '@panalo/contract/protection-rules';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorKey } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { confirmSessionLimit, limitsKey, setSessionLimit, useLimits, type Limits } from '../api/limits';

/**
 * The member's session limit (issue 22): each login session ends that many minutes after it began. A
 * shorter limit applies at once (this session too); a longer one or none waits 24 hours for confirming.
 */
export function SessionLimit() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const limits = useLimits();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [shownAt] = useState(() => Date.now());
  const session = limits.data?.session;

  async function run(work: () => Promise<Limits>) {
    setBusy(true);
    setProblem(null);
    try {
      client.setQueryData(limitsKey, await work());
      setChoice('');
    } catch (err) {
      setProblem(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error')));
    } finally {
      setBusy(false);
    }
  }
  const pending = session?.pending;
  const due = pending && new Date(pending.from).getTime() <= shownAt;
  const from = pending ? formatDateTime(pending.from, i18n.language) : null;

  return (
    <section className="sp-card" data-testid="sp-session">
      <h2 className="sp-subtitle">{t('protection.session.title')}</h2>
      <p className="sp-muted">{t('protection.session.hint')}</p>
      {session && (
        <p className="sp-limit__now" data-testid="sp-session-now">
          {session.minutes === null
            ? t('protection.session.none')
            : t('protection.session.current', { m: session.minutes })}
        </p>
      )}
      {pending && (
        <p className="sp-muted" data-testid="sp-session-pending">
          {pending.minutes === null
            ? t('protection.session.removalWaits', { from })
            : t('protection.session.raiseWaits', { m: pending.minutes, from })}{' '}
          {due && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void run(confirmSessionLimit)}
              data-testid="sp-session-confirm"
            >
              {t('protection.limits.confirm')}
            </button>
          )}
        </p>
      )}
      <label htmlFor={selectId} className="sp-label">
        {t('protection.session.label')}
      </label>
      <div className="sp-limit__edit">
        <select
          id={selectId}
          className="sp-input"
          value={choice}
          disabled={!session || busy}
          onChange={(e) => setChoice(e.target.value)}
          data-testid="sp-session-select"
        >
          <option value="">—</option>
          {SESSION_LIMIT_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t('protection.session.option', { m })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!session || busy || choice === ''}
          onClick={() => void run(() => setSessionLimit(Number(choice)))}
          data-testid="sp-session-save"
        >
          {t('protection.session.save')}
        </button>
      </div>
      {session?.minutes != null && !pending && (
        <button
          type="button"
          className="btn sp-secondary sp-limit__remove"
          disabled={busy}
          onClick={() => void run(() => setSessionLimit(null))}
          data-testid="sp-session-remove"
        >
          {t('protection.limits.remove')}
        </button>
      )}
      {problem && (
        <p className="sp-alert" role="alert" data-testid="sp-session-problem">
          {problem}
        </p>
      )}
    </section>
  );
}
