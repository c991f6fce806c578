/** AUTH-044: the SMS code control starts idle with canSendTime 60. */
export const INITIAL_CAN_SEND_TIME = 60;

/** The get-code button's state: idle (a code may be sent) or counting down in seconds. */
export interface Countdown {
  running: boolean;
  canSendTime: number;
}

export const idleCountdown = (): Countdown => ({ running: false, canSendTime: INITIAL_CAN_SEND_TIME });

/** AUTH-045: after a code is sent the countdown runs for expiredMinutes x 60 seconds. */
export function startCountdown(expiredMinutes: number): Countdown {
  return { running: true, canSendTime: Math.max(1, Math.round(expiredMinutes * 60)) };
}

/** One second later; AUTH-047: at 0 the control is idle again and a code can be sent. */
export function tickCountdown(c: Countdown): Countdown {
  if (!c.running) return c;
  return c.canSendTime <= 1 ? idleCountdown() : { running: true, canSendTime: c.canSendTime - 1 };
}
