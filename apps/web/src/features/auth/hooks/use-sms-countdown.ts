import { useCallback, useEffect, useRef, useState } from 'react';
import { IDLE, INITIAL_CAN_SEND_TIME, startCountdown, tick, type SmsState } from '../rules/sms-countdown';

export interface SmsCountdown {
  state: SmsState;
  /** AUTH-044: 60 until a send says otherwise. */
  canSendTime: number;
  /** idle → sending; false (and nothing changes) unless idle (VALID-017). */
  begin: () => boolean;
  /** sending → countdown of `seconds`. */
  sent: (seconds: number) => void;
  /** sending → idle, after a failed send. */
  failed: () => void;
}

const TICK_MS = 1000;

/** The SMS code countdown as a hook: one interval while counting, none otherwise. */
export function useSmsCountdown(): SmsCountdown {
  const [state, setState] = useState<SmsState>(IDLE);
  const [canSendTime, setCanSendTime] = useState(INITIAL_CAN_SEND_TIME);
  // The phase as of the last call, so two taps in one frame cannot both start a send.
  const phase = useRef<SmsState['phase']>('idle');

  const counting = state.phase === 'countdown';
  useEffect(() => {
    if (!counting) return;
    const id = setInterval(() => {
      setState((s) => {
        const next = tick(s, Date.now());
        if (next.phase === 'idle') phase.current = 'idle';
        return next;
      });
    }, TICK_MS);
    return () => clearInterval(id);
  }, [counting]);

  const begin = useCallback(() => {
    if (phase.current !== 'idle') return false;
    phase.current = 'sending';
    setState({ phase: 'sending' });
    return true;
  }, []);
  const sent = useCallback((seconds: number) => {
    phase.current = 'countdown';
    setCanSendTime(seconds);
    setState(startCountdown(seconds, Date.now()));
  }, []);
  const failed = useCallback(() => {
    phase.current = 'idle';
    setState(IDLE);
  }, []);

  return { state, canSendTime, begin, sent, failed };
}
