import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { session } from '../../../lib/session';
import { errorKey } from '../../../i18n';
import { exchangeOnce } from '../api/exchange-code';

export const OAUTH_HOME = '/m/home';

/**
 * /m/oauth, where a social login lands (issue 3 part 9): the callback's one-time code is traded for a
 * session, kept as MC_SESSION_INFO like any login, and the member goes home. The code leaves the address
 * bar at once (replace), so it is not in the history either.
 */
export function OAuthScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const [error, setError] = useState<string | null>(code ? null : 'oauth_code_invalid');

  useEffect(() => {
    if (!code) return;
    let live = true;
    exchangeOnce(code).then(
      (value) => {
        session.set({
          token: value.token,
          merchantCode: value.merchantCode,
          userName: value.userName,
          type: value.customerType,
          firstTimeLogin: value.firstTimeLogin,
        });
        if (live) void navigate(OAUTH_HOME, { replace: true });
      },
      (err: unknown) => {
        if (!live) return;
        setError(err instanceof ApiError ? err.code : 'unknown_error');
        void navigate('/m/oauth', { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [code, navigate]);

  if (error) {
    return (
      <div className="status-screen" role="alert" data-testid="oauth-failed">
        <h1 className="status-screen__title">{t('oauth.failed')}</h1>
        <p className="status-screen__body">{t(errorKey(error))}</p>
        <Link className="btn btn--primary" to="/m/login" replace>
          {t('oauth.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <div className="status-screen" role="status" aria-live="polite" data-testid="oauth-signing-in">
      <span className="spinner" aria-hidden="true" />
      <p className="status-screen__body">{t('oauth.signingIn')}</p>
    </div>
  );
}
