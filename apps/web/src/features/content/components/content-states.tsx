import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';

/** While a content list or page loads. */
export function ContentLoading({ testId = 'content-loading' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="content-state" role="status" aria-live="polite" data-testid={testId}>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** A failed load: the reason, and a retry that asks again. */
export function ContentError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const reason =
    error instanceof ApiError
      ? t(`errors.${error.code}`, { defaultValue: t('content.loadError') })
      : t('content.loadError');
  return (
    <div className="content-state" role="alert" data-testid="content-error">
      <p className="content-state__text">{reason}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Nothing to show. */
export function ContentEmpty({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="content-state content-state--empty" data-testid={testId}>
      <svg className="content-state__icon" viewBox="0 0 48 48" aria-hidden="true">
        <path
          d="M10 8h20l8 8v24H10z"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M16 24h16M16 31h10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="content-state__text">{text}</p>
    </div>
  );
}
