import { useTranslation } from '../../i18n/react';
import { errorKey } from '../../i18n';
import { ApiError } from '../../lib/api';

/** Placeholder rows while a list loads (announced once as "loading"). */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="ui-skeleton" role="status" aria-live="polite" data-testid="ui-loading">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="ui-skeleton__row" aria-hidden="true">
          <span className="ui-skeleton__bar ui-skeleton__bar--wide" />
          <span className="ui-skeleton__bar" />
        </div>
      ))}
    </div>
  );
}

/** The message for a failed load or submit: the server's message key when known. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => (error instanceof ApiError ? t(errorKey(error.code)) : t('errors.unknown_error'));
}

/** A failed load: the reason, and a retry that asks again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <div className="ui-state" role="alert" data-testid="ui-error">
      <p className="ui-state__text">{text(error)}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry} data-testid="ui-retry">
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Nothing in this period or filter. */
export function EmptyState({ text }: { text: string }) {
  return (
    <div className="ui-state ui-state--empty" data-testid="ui-empty">
      <svg className="ui-state__icon" viewBox="0 0 48 48" aria-hidden="true">
        <path
          d="M10 8h20l8 8v24H10z"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M16 24h16M16 31h10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="ui-state__text">{text}</p>
    </div>
  );
}
