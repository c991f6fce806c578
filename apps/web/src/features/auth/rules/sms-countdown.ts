/**
 * The SMS code control of spec §4 (all forms): idle → sending → a countdown until the code expires
 * (expiredMinutes x 60 s; 60 s through a phone-verification service) → idle, sendable again.
 */
export type SmsState =
  { phase: 'idle' } | { phase: 'sending' } | { phase: 'countdown'; endsAt: number; remaining: number };

/** AUTH-044: the initial canSendTime, also the countdown of a phone-verification service. */
export const INITIAL_CAN_SEND_TIME = 60;

/** AUTH-045/046: the countdown's length in seconds. */
export function countdownSeconds(expiredMinutes?: number): number {
  return expiredMinutes !== undefined && expiredMinutes > 0
    ? Math.round(expiredMinutes * 60)
    : INITIAL_CAN_SEND_TIME;
}

export const IDLE: SmsState = { phase: 'idle' };

export function startCountdown(seconds: number, now: number): SmsState {
  return { phase: 'countdown', endsAt: now + seconds * 1000, remaining: seconds };
}

/**
 * The state one tick later. Measured against the end time rather than counted down, so a tab the
 * browser throttled in the background still ends on time (AUTH-047).
 */
export function tick(state: SmsState, now: number): SmsState {
  if (state.phase !== 'countdown') return state;
  const remaining = Math.max(0, Math.ceil((state.endsAt - now) / 1000));
  if (remaining === 0) return IDLE;
  return remaining === state.remaining ? state : { ...state, remaining };
}
