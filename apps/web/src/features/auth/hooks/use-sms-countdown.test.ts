import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownSeconds, INITIAL_CAN_SEND_TIME, startCountdown, tick } from '../rules/sms-countdown';
import { useSmsCountdown } from './use-sms-countdown';

describe('SMS code countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('AUTH-044 starts idle with an initial canSendTime of 60', () => {
    const { result } = renderHook(() => useSmsCountdown());
    expect(result.current.state).toEqual({ phase: 'idle' });
    expect(result.current.canSendTime).toBe(60);
    expect(INITIAL_CAN_SEND_TIME).toBe(60);
  });

  it('AUTH-045 after a send the countdown runs for expiredMinutes x 60 s, in seconds', () => {
    const { result } = renderHook(() => useSmsCountdown());
    act(() => {
      expect(result.current.begin()).toBe(true);
    });
    expect(result.current.state.phase).toBe('sending');
    act(() => result.current.sent(countdownSeconds(5)));
    expect(result.current.state).toMatchObject({ phase: 'countdown', remaining: 300 });
    expect(result.current.canSendTime).toBe(300);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.state).toMatchObject({ remaining: 299 });
    act(() => {
      vi.advanceTimersByTime(298_000);
    });
    expect(result.current.state).toMatchObject({ phase: 'countdown', remaining: 1 });
  });

  it('AUTH-046 through a phone-verification service (no expiredMinutes) the countdown is 60 s', () => {
    expect(countdownSeconds(undefined)).toBe(60);
    expect(countdownSeconds(3)).toBe(180);
  });

  it('AUTH-047 when the countdown ends a code can be sent again', () => {
    const { result } = renderHook(() => useSmsCountdown());
    act(() => {
      result.current.begin();
      result.current.sent(60);
    });
    act(() => {
      // VALID-017: not while counting.
      expect(result.current.begin()).toBe(false);
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current.state).toEqual({ phase: 'idle' });
    act(() => {
      expect(result.current.begin()).toBe(true);
    });
  });

  it('VALID-017 a second tap while sending does not start another send; a failure makes it idle again', () => {
    const { result } = renderHook(() => useSmsCountdown());
    let first = false;
    let second = true;
    act(() => {
      first = result.current.begin();
      second = result.current.begin();
    });
    expect([first, second]).toEqual([true, false]);
    act(() => result.current.failed());
    expect(result.current.state).toEqual({ phase: 'idle' });
  });

  it('a throttled background tab still ends on time (measured against the end, not counted)', () => {
    const s = startCountdown(300, 0);
    expect(tick(s, 1000)).toMatchObject({ remaining: 299 });
    expect(tick(s, 120_400)).toMatchObject({ remaining: 180 });
    expect(tick(s, 300_000)).toEqual({ phase: 'idle' });
    expect(tick({ phase: 'idle' }, 5)).toEqual({ phase: 'idle' });
  });
});
