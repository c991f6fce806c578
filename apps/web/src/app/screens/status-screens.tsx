import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { catalogues } from '../../i18n';
import { storage } from '../../lib/storage';
import { IconCompass, IconShield, IconWarning, IconWrench } from '../layout/icons';

function StatusScreen(props: {
  icon: ReactNode;
  tone?: 'neutral' | 'warning';
  title: string;
  body: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <main className="status-screen" data-testid={props.testId}>
      <div
        className={`status-screen__icon${props.tone === 'warning' ? ' status-screen__icon--warning' : ''}`}
        aria-hidden="true"
      >
        {props.icon}
      </div>
      <h1 className="status-screen__title">{props.title}</h1>
      <p className="status-screen__body">{props.body}</p>
      {props.action}
    </main>
  );
}

/** Before the startup bundle (and so the translator) exists: the stored language's word, else English. */
function loadingLabel(): string {
  const lang = storage.get('language') === 'TY' ? 'TY' : 'EN';
  const common = catalogues[lang].common as { loading?: string } | undefined;
  return common?.loading ?? '';
}

export function StartupLoading() {
  return (
    <div className="startup-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{loadingLabel()}</span>
    </div>
  );
}

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

/** The startup call failed: service error with a retry (SHELL-044). */
export function ServiceErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="service-error-screen"
      tone="warning"
      icon={<IconWarning size={40} />}
      title={t('status.serviceError.title')}
      body={t('status.serviceError.body')}
      action={
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
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
