import { useCallback, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { TOAST_MS, toast } from '../../../lib/toast';
import { createTrial, trialLogin } from '../api/trial';
import { storeSession } from '../api/store-session';

/** Session storage key of the trial account's user name (AUTH-033). */
export const TRIAL_USER_KEY = 'trialUser';

/**
 * Test play (AUTH-032/033, ERR-024): a loading toast that stays while it runs, a new trial account
 * whose name is kept in session storage, its login, then home. A failure clears the toast and hands
 * the error back.
 */
export function useTrialPlay(onError: (err: unknown) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);

  const start = useCallback(async () => {
    if (running) return;
    setRunning(true);
    const loading = toast.show(t('msg.please_wait'), TOAST_MS.untilDone, 'loading');
    try {
      const account = await createTrial();
      try {
        sessionStorage.setItem(TRIAL_USER_KEY, account.userName);
      } catch {
        // Storage disabled: the trial still works, only the name is not kept.
      }
      storeSession(await trialLogin(account));
      await loading.catch(() => undefined);
      void toast.clear();
      void navigate('/m/home', { replace: true });
    } catch (err) {
      await loading.catch(() => undefined);
      void toast.clear();
      setRunning(false);
      onError(err);
    }
  }, [running, t, navigate, onError]);

  return { running, start };
}
