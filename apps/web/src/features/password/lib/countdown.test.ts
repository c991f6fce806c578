import { describe, expect, it } from 'vitest';
import { idleCountdown, INITIAL_CAN_SEND_TIME, startCountdown, tickCountdown } from './countdown';

describe('SMS code countdown', () => {
  it('AUTH-044 starts idle with canSendTime 60', () => {
    expect(INITIAL_CAN_SEND_TIME).toBe(60);
    expect(idleCountdown()).toEqual({ running: false, canSendTime: 60 });
  });

  it('AUTH-045 runs for expiredMinutes x 60 seconds after a send', () => {
    let c = startCountdown(5);
    expect(c).toEqual({ running: true, canSendTime: 300 });
    for (let i = 0; i < 299; i++) c = tickCountdown(c);
    expect(c).toEqual({ running: true, canSendTime: 1 });
  });

  it('AUTH-047 at the end it is idle again, so a code can be sent', () => {
    let c = startCountdown(1 / 60);
    expect(c.canSendTime).toBe(1);
    c = tickCountdown(c);
    expect(c).toEqual(idleCountdown());
    expect(tickCountdown(c)).toEqual(idleCountdown());
  });
});
