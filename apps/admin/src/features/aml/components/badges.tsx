import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AmlCase } from '../api/cases';
import { freezeState, statusColor, type CaseStatus } from '../rules/cases';

/** A case's status, in words and colour. */
export function AmlStatusBadge({ status, testId }: { status: CaseStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColor(status)} data-status={status} data-testid={testId}>
      {t(`aml.status.${status}`)}
    </Badge>
  );
}

/** The case's hold on the member's withdrawals: "Withdrawals frozen" while it holds, "Freeze lifted" after. */
export function FreezeBadge({ c }: { c: Pick<AmlCase, 'status' | 'freezesWithdrawals'> }) {
  const { t } = useTranslation();
  const state = freezeState(c);
  if (state === null) return null;
  return (
    <Badge
      variant={state === 'active' ? 'filled' : 'outline'}
      color={state === 'active' ? 'red' : 'gray'}
      data-testid="aml-freeze"
      data-state={state}
      style={{ textTransform: 'none' }}
    >
      {t(`aml.freeze.${state}`)}
    </Badge>
  );
}
