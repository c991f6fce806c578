import { useTranslation } from '../../../i18n/react';

/** A claim's status as a small label (PROMO-007), coloured by what it means for the member. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`promo-status promo-status--${status}`} data-testid={testId} data-status={status}>
      {t(`promotions.status.${status}`)}
    </span>
  );
}
