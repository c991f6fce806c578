import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { catalogues } from '../../i18n';
import { storage } from '../../lib/storage';
import { IconWarning } from '../layout/icons';
import { lazyScreen } from '../../components/ui/lazy-screen';

export function StatusScreen(props: {
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

// A site closed to this visitor, and an unknown address, are rare: their screens (closed-screens.tsx)
// and texts (status-closed.json) are loaded when needed, not with everyone's first page.
const closed = { catalogues: ['status-closed'] };
export const SiteMaintenanceScreen = lazyScreen(
  () => import('./closed-screens').then((m) => m.SiteMaintenanceScreen),
  closed,
);
export const SiteRestrictedScreen = lazyScreen(
  () => import('./closed-screens').then((m) => m.SiteRestrictedScreen),
  closed,
);
export const NotFoundScreen = lazyScreen(
  () => import('./closed-screens').then((m) => m.NotFoundScreen),
  closed,
);
