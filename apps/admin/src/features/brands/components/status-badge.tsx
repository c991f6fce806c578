import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BrandStatus } from '@panalo/contract/provider-rules';
import { STATUS_COLOR } from '../rules/status';

/** A brand's status: its name in a badge of its colour (the name is what is read; the colour only helps). */
export function StatusBadge({ status, testId }: { status: BrandStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} data-testid={testId}>
      {t(`brands.status.${status}`)}
    </Badge>
  );
}
