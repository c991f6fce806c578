import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReconRun } from '../api/get-reconciliation';
import { breakColor, runColor, type BreakStatus } from '../rules/recon';

/** A reconciliation run's status (running, done, failed), in words and colour. */
export function RunStatusBadge({ status }: { status: ReconRun['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={runColor(status)} data-status={status}>
      {t(`dailyClose.recon.runStatus.${status}`)}
    </Badge>
  );
}

/** A break's status (open, resolved), in words and colour. */
export function BreakStatusBadge({ status }: { status: BreakStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={breakColor(status)} data-status={status}>
      {t(`dailyClose.recon.status.${status}`)}
    </Badge>
  );
}
