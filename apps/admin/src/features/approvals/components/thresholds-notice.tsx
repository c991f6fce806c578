import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApprovalThresholds } from '@panalo/contract/staff';
import { displayAmount } from '@panalo/contract/money';

/**
 * The thresholds said plainly: a warning for each kind whose second-person approval is off (no
 * threshold), with the way to set one (`onSet`: the owner's editor; null: not this staff member's to
 * change), and the amounts above which a second person is needed.
 */
export function ThresholdsNotice({
  thresholds,
  onSet,
}: {
  thresholds: ApprovalThresholds;
  onSet: (() => void) | null;
}) {
  const { t } = useTranslation();
  const { adjustmentAbove, withdrawalAbove } = thresholds;
  const on =
    adjustmentAbove !== null && withdrawalAbove !== null
      ? t('approvals.onBoth', {
          adjustment: displayAmount(adjustmentAbove),
          withdrawal: displayAmount(withdrawalAbove),
        })
      : adjustmentAbove !== null
        ? t('approvals.onAdjustment', { adjustment: displayAmount(adjustmentAbove) })
        : withdrawalAbove !== null
          ? t('approvals.onWithdrawal', { withdrawal: displayAmount(withdrawalAbove) })
          : null;
  return (
    <Stack gap="xs">
      {(adjustmentAbove === null || withdrawalAbove === null) && (
        <Alert color="orange" role="status" data-testid="approvals-off">
          <Stack gap="xs" align="flex-start">
            {adjustmentAbove === null && <Text size="sm">{t('approvals.offAdjustment')}</Text>}
            {withdrawalAbove === null && <Text size="sm">{t('approvals.offWithdrawal')}</Text>}
            {onSet ? (
              <Button size="xs" onClick={onSet}>
                {t('approvals.setThreshold')}
              </Button>
            ) : (
              <Text size="sm">{t('approvals.ownerSets')}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {on && (
        <Text size="sm" data-testid="approvals-on">
          {on}
        </Text>
      )}
    </Stack>
  );
}
