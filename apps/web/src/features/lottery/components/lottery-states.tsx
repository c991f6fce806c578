import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';

/** The lottery screens' loading state (a spinner, "loading" for screen readers). */
export function LotteryLoading({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="lott-state" aria-busy="true" data-testid={testId}>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('lottery.loading')}</span>
    </div>
  );
}

/** A lottery screen's failed load: the reason, a retry, and what else the screen offers (children). */
export function LotteryLoadError({
  text,
  onRetry,
  testId,
  children,
}: {
  text: string;
  onRetry: () => void;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="lott-state" role="alert" data-testid={testId}>
      <p>{text}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('lottery.retry')}
      </button>
      {children}
    </div>
  );
}
