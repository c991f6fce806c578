import { describe, expect, it } from 'vitest';
import { SWIPE_RESET_MS, SWIPE_THRESHOLD_PX, createBackSwipe } from './back-swipe';

function fakeClock(start = 1_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('back swipe', () => {
  it('SHELL-006 SHELL-007 uses the spec constants', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(100);
    expect(SWIPE_RESET_MS).toBe(500);
  });

  it('SHELL-006 a horizontal swipe of 100 px sets the flag, 99 px does not', () => {
    const clock = fakeClock();
    const s = createBackSwipe(clock);
    s.start(10, 300);
    s.move(109, 300);
    s.end();
    expect(s.active()).toBe(false);
    s.start(10, 300);
    s.move(110, 305);
    expect(s.active()).toBe(true);
  });

  it('SHELL-006 swipes in either direction count; vertical scrolls do not', () => {
    const s = createBackSwipe(fakeClock());
    s.start(300, 300);
    s.move(190, 310);
    expect(s.active()).toBe(true);
    const v = createBackSwipe(fakeClock());
    v.start(10, 10);
    v.move(130, 400);
    expect(v.active()).toBe(false);
  });

  it('SHELL-006 a move without a touch start is ignored', () => {
    const s = createBackSwipe(fakeClock());
    s.move(500, 0);
    expect(s.active()).toBe(false);
  });

  it('SHELL-007 the flag resets 500 ms after it is set', () => {
    const clock = fakeClock();
    const s = createBackSwipe(clock);
    s.start(0, 0);
    s.move(150, 0);
    clock.advance(499);
    expect(s.active()).toBe(true);
    clock.advance(1);
    expect(s.active()).toBe(false);
    // Once reset it stays reset, even if the clock were to go back.
    clock.advance(-100);
    expect(s.active()).toBe(false);
  });

  it('SHELL-007 the reset counts from when the flag is set, not from touch start', () => {
    const clock = fakeClock();
    const s = createBackSwipe(clock);
    s.start(0, 0);
    clock.advance(400);
    s.move(120, 0);
    clock.advance(450);
    expect(s.active()).toBe(true);
  });
});
