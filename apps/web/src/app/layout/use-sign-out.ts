import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { logoutLocally, type LogoutOptions } from '../../lib/logout';
import { TOAST_MS, toast } from '../../lib/toast';

/**
 * Sign-out as spec §4 describes it: a confirmation first (AUTH-062); on OK a loading toast that stays
 * until the page reloads (AUTH-063), then the logout itself. `revoke` is the server logout call.
 */
export function useSignOut(revoke?: LogoutOptions['revoke']) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return {
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    async confirm() {
      setConfirming(false);
      void toast.show(t('common.pleaseWait'), TOAST_MS.untilDone, 'loading');
      await logoutLocally(revoke ? { revoke } : {});
    },
  };
}
