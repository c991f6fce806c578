import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor, type KycDocumentStatus } from '../rules/review';

/** A document's status, in words and colour (`checking` reads "Second review"). */
export function KycStatusBadge({ status, testId }: { status: KycDocumentStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColor(status)} data-status={status} data-testid={testId}>
      {t(`kyc.status.${status}`)}
    </Badge>
  );
}
