import { useCallback, useEffect, useState } from 'react';
import { idleCountdown, startCountdown, tickCountdown, type Countdown } from '../lib/countdown';

/** The SMS countdown (lib/countdown.ts) driven by a one-second timer while it runs. */
export function useCountdown(): Countdown & { start: (expiredMinutes: number) => void } {
  const [state, setState] = useState<Countdown>(idleCountdown);
  useEffect(() => {
    if (!state.running) return;
    const id = setInterval(() => setState(tickCountdown), 1000);
    return () => clearInterval(id);
  }, [state.running]);
  const start = useCallback((expiredMinutes: number) => setState(startCountdown(expiredMinutes)), []);
  return { ...state, start };
}
