import { useTranslation } from '../../../i18n/react';
import type { LotteryTime } from '../api/lottery-api';
import { useLotteryTimer } from '../hooks/use-lottery-timer';

/** The lottery timer widget (spec §2, LOTT-015..019): HH:MM:SS or --:--:--, flagged near under 6 s. */
export function LotteryTimer({
  isSale,
  remainTime,
  lotteryTime,
  label,
  testId = 'lottery-timer',
}: {
  isSale: boolean;
  remainTime: number;
  lotteryTime: LotteryTime;
  /** What the countdown runs to, for screen readers. */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const view = useLotteryTimer(isSale, remainTime, lotteryTime);
  return (
    <time
      className={`lott-timer${view.near ? ' lott-timer--near' : ''}`}
      data-testid={testId}
      data-near={view.near}
      aria-label={`${label ?? t('lottery.timer.label')} ${view.text}`}
    >
      {view.text}
    </time>
  );
}
