import { useEffect, useState } from 'react';
import {
  lotteryTimerView,
  startLotteryTimer,
  type LotteryTimerView,
  type TimerHost,
} from '@panalo/contract/lottery-rules';
import type { LotteryTime } from '../api/lottery-api';

const browserHost: TimerHost = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/**
 * The timer widget's view (LOTT-015..019): --:--:-- when not on sale or expired, else a countdown from
 * remainTime minus half the lotteryTime gap, ticking every 500 ms and near under 6 s. A new answer (a
 * refetch) restarts it.
 */
export function useLotteryTimer(
  isSale: boolean,
  remainTime: number,
  lotteryTime: LotteryTime,
): LotteryTimerView {
  const [sentAt, receivedAt] = lotteryTime;
  const [view, setView] = useState(() =>
    lotteryTimerView({ isSale, remainTime, lotteryTime: [sentAt, receivedAt] }, browserHost.now()),
  );
  useEffect(
    () => startLotteryTimer({ isSale, remainTime, lotteryTime: [sentAt, receivedAt] }, setView, browserHost),
    [isSale, remainTime, sentAt, receivedAt],
  );
  return view;
}
