import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { IconCompass, IconShield, IconWrench } from '../../components/ui/icons';
import { useSite } from '../site';
import { StatusScreen } from './status-screens';

// The screens of a site that is closed to this visitor, and of an unknown address: rare, so they are
// loaded when needed (status-screens.tsx keeps what the startup itself may show: loading, service error).

/** Platform under maintenance (spec §4 startup mode, SHELL-050). */
export function MaintenanceScreen({ message }: { message: string | null }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="maintenance-screen"
      icon={<IconWrench size={40} />}
      title={t('status.maintenance.title')}
      body={message ?? t('status.maintenance.body')}
    />
  );
}

/** Blocked by IP or location restriction (SHELL-043, SHELL-051). */
export function RestrictedScreen({ ip, country }: { ip: string; country: string | null }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="restricted-screen"
      tone="warning"
      icon={<IconShield size={40} />}
      title={t('status.restricted.title')}
      body={t('status.restricted.body', { ip, country: country ?? '—' })}
    />
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="not-found-screen"
      icon={<IconCompass size={40} />}
      title={t('status.notFound.title')}
      body={t('status.notFound.body')}
      action={
        <Link className="btn btn--primary" to="/m/home">
          {t('status.notFound.home')}
        </Link>
      }
    />
  );
}

/** Maintenance as the site's startup says it (its message, else the default text); also /m/maintenance. */
export function SiteMaintenanceScreen() {
  const { bundle } = useSite();
  return <MaintenanceScreen message={bundle.maintenance?.message ?? null} />;
}

/** Restricted for the address and country the site's startup names. */
export function SiteRestrictedScreen() {
  const { bundle } = useSite();
  return <RestrictedScreen ip={bundle.location.ip} country={bundle.location.country} />;
}
