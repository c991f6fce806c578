import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format';

/**
 * A break from play in force (issue 22): when it ends, or that the account is closed for good. Shown on
 * the login screen after the break is taken and whenever a login is refused during it.
 */
export function BreakNotice({ until }: { until: string }) {
  const { t, i18n } = useTranslation();
  const end = until === 'permanent' ? null : formatDateTime(until, i18n.language);
  return (
    <p className="auth-alert auth-break" role="status" data-testid="break-notice">
      {end ? t('auth.login.breakUntil', { end }) : t('auth.login.breakPermanent')}
    </p>
  );
}
