import { useTranslation } from '../../../i18n/react';

/** Placeholder blocks while the screen's data loads (announced once as busy). */
export function Skeleton({ rows = 3, testId }: { rows?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="cs-skeleton" role="status" aria-busy="true" data-testid={testId ?? 'cashier-loading'}>
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="cs-skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A load that failed, with its reason and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cs-state" role="alert" data-testid="cashier-load-error">
      <p>{message}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry} data-testid="cashier-retry">
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Nothing to show (no method configured, no card yet). */
export function Empty({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className="cs-empty" data-testid={testId}>
      {text}
    </p>
  );
}
