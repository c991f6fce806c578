import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor, type CloseStatus } from '../rules/sheet';

/** A closed day's status: balanced or broken, in words and colour. */
export function CloseStatusBadge({ status }: { status: CloseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={statusColor(status)} data-status={status}>
      {t(`dailyClose.status.${status}`)}
    </Badge>
  );
}
