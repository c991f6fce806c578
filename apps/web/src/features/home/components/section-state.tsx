import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';

/** A failed section: a short line and a retry, so home never turns into a blank page. */
export function SectionError({ testId, onRetry }: { testId: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="home-section-error" role="alert" data-testid={testId}>
      <span>{t('home.section.error')}</span>
      <button type="button" className="home-section-error__retry" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Grey placeholder with the section's final size, so nothing jumps when data arrives. */
export function Skeleton({
  className,
  testId,
  children,
}: {
  className: string;
  testId: string;
  /** Placeholders shaped like the section's content (then the box itself is not grey). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={children ? className : `home-skeleton ${className}`}
      data-testid={testId}
      role="status"
      aria-busy="true"
    >
      <span className="visually-hidden">{t('common.loading')}</span>
      {children}
    </div>
  );
}
