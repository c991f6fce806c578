import { useTranslation } from '../../../i18n/react';

export type BadgeStatus = 'pending' | 'paid' | 'rejected' | 'expired' | 'cancelled';

/** A deposit or withdrawal status; the colour is a help, the word carries the meaning. */
export function StatusBadge({ status }: { status: BadgeStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`ui-badge ui-badge--${status}`} data-testid="record-status" data-status={status}>
      {t(`records.status.${status}`)}
    </span>
  );
}
