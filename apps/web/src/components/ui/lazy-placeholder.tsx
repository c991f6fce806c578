import { useTranslation } from '../../i18n/react';

/** Shown while a lazily loaded screen loads (SHELL-045). */
export function LazyPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="lazy-placeholder" role="status" aria-live="polite" data-testid="lazy-loading">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
