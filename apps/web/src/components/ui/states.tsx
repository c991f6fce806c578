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

/**
 * The kit's states in a feature's own look: `block` is the BEM block of its classes (`ui-state`, or the
 * feature's, e.g. `content-state` with its `__text`, `__icon` and `--empty`), `testId` its test id.
 */
interface StateLook {
  block?: string;
  testId?: string;
}

/**
 * A spinner while a page loads (announced once as "loading"). The lazy screens' placeholder
 * (`lazy-placeholder.tsx`) draws the same; it stays apart because it is first-page code.
 */
export function LoadingState({ block = 'ui-state', testId = 'ui-loading' }: StateLook) {
  const { t } = useTranslation();
  return (
    <div className={block} role="status" aria-live="polite" data-testid={testId}>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/**
 * The message for a failed load or submit: the server's message key when known, else `fallback` (by
 * default the unknown error's text).
 */
export function useErrorText(fallback?: string): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof ApiError) {
      const key = errorKey(error.code);
      if (fallback === undefined || key === `errors.${error.code}`) return t(key);
    }
    return fallback ?? t('errors.unknown_error');
  };
}

/** A failed load: the reason, and a retry that asks again. */
export function LoadError({
  error,
  onRetry,
  fallback,
  block = 'ui-state',
  testId = 'ui-error',
  retryTestId = 'ui-retry',
}: StateLook & {
  error: unknown;
  onRetry: () => void;
  /** The reason shown when the error has no known code. */
  fallback?: string;
  /** null: the retry has no test id. */
  retryTestId?: string | null;
}) {
  const { t } = useTranslation();
  const text = useErrorText(fallback);
  return (
    <div className={block} role="alert" data-testid={testId}>
      <p className={`${block}__text`}>{text(error)}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={onRetry}
        data-testid={retryTestId ?? undefined}
      >
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Nothing in this period or filter. */
export function EmptyState({ text, block = 'ui-state', testId = 'ui-empty' }: StateLook & { text: string }) {
  return (
    <div className={`${block} ${block}--empty`} data-testid={testId}>
      <svg className={`${block}__icon`} viewBox="0 0 48 48" aria-hidden="true">
        <path
          d="M10 8h20l8 8v24H10z"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M16 24h16M16 31h10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className={`${block}__text`}>{text}</p>
    </div>
  );
}
