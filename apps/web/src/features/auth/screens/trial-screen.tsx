import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useSite } from '../../../app/site';
import { FormAlert } from '../components/form-alert';
import { apiErrorKey, useMessageText } from '../components/messages';
import { useTrialPlay } from '../hooks/use-trial-play';
import '../auth.css';

/** /m/trail: free play with a trial account (AUTH-032/033). The shell shows its header and title here. */
export function TrialScreen() {
  const { t } = useTranslation();
  const { bundle } = useSite();
  const message = useMessageText();
  const [error, setError] = useState<string | null>(null);
  const trial = useTrialPlay((err) => setError(apiErrorKey(err)));
  const available = bundle.site.trialMerchantCode !== null;

  return (
    <main className="auth-main auth-trial" data-testid="trial-screen">
      {/* The shell header already shows the title; the heading stays for screen readers. */}
      <h1 className="visually-hidden">{t('auth.trial.title')}</h1>
      {available ? (
        <>
          <ul className="auth-trial__points">
            <li>{t('auth.trial.point1')}</li>
            <li>{t('auth.trial.point2')}</li>
            <li>{t('auth.trial.point3')}</li>
          </ul>
          <FormAlert text={error ? message(error) : null} />
          <button
            type="button"
            className="btn btn--primary auth-submit"
            onClick={() => {
              setError(null);
              void trial.start();
            }}
            disabled={trial.running}
            data-testid="trial-start"
          >
            {t('auth.trial.start')}
          </button>
        </>
      ) : (
        <p className="auth-help" data-testid="trial-unavailable">
          {t('auth.trial.unavailable')}
        </p>
      )}
      <p className="auth-switch-link">
        <Link to="/m/register" className="auth-link">
          {t('auth.trial.register')}
        </Link>
      </p>
    </main>
  );
}
