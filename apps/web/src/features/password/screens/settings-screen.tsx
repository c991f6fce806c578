import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, Navigate } from 'react-router';
import { logoutLocally } from '../../../lib/logout';
import { useSession } from '../../../lib/session';
import { TOAST_MS, toast } from '../../../lib/toast';
import { revokeSession } from '../api/revoke-session';
import { Dialog } from '../components/dialog';
import { HOME } from '../lib/constants';
import '../password.css';

function Chevron() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="icon">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * /m/set (MINE-001..003): 'change password' and sign out. Sign-out asks first (AUTH-062), then shows
 * the loading message while the server revokes the session and the device signs out (AUTH-063..068).
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const current = useSession();
  const [asking, setAsking] = useState(false);
  if (!current) return <Navigate to={HOME} replace />;

  const signOut = async () => {
    setAsking(false);
    void toast.show(t('msg.please_wait'), TOAST_MS.logoutLoading, 'loading');
    await logoutLocally({ revoke: revokeSession });
  };

  return (
    <main className="pw-page" data-testid="settings-screen">
      <h1 className="visually-hidden">{t('password.settings.title')}</h1>
      <ul className="pw-list">
        <li>
          <Link className="pw-list__item" to="/m/changePsw" data-testid="settings-change-password">
            {t('password.settings.changePassword')}
            <Chevron />
          </Link>
        </li>
      </ul>
      <button
        type="button"
        className="btn pw-signout"
        onClick={() => setAsking(true)}
        data-testid="settings-sign-out"
      >
        {t('password.settings.signOut')}
      </button>
      {asking && (
        <Dialog
          title={t('password.settings.signOutTitle')}
          body={t('password.settings.signOutBody')}
          okLabel={t('password.settings.signOut')}
          cancelLabel={t('password.settings.cancel')}
          onOk={() => void signOut()}
          onCancel={() => setAsking(false)}
          testId="sign-out-dialog"
        />
      )}
    </main>
  );
}
