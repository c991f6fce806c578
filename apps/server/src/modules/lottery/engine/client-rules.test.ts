import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cardRemainingMs,
  lobbyRefreshDelayMs,
  lotteryTimerView,
  previousWinningDigits,
  startLotteryTimer,
  type LotteryTimerView,
} from './client-rules';

// remainTime 65 s answered over a 400 ms round trip: the countdown starts from 65,000 − 200 = 64,800 ms.
const input = { isSale: true, remainTime: 65_000, lotteryTime: [1_000, 1_400] as const };

describe('lottery timer', () => {
  afterEach(() => vi.useRealTimers());

  it('LOTT-015 shows --:--:-- when the game is not on sale', () => {
    expect(lotteryTimerView({ ...input, isSale: false }, 1_400).text).toBe('--:--:--');
  });

  it('LOTT-016 shows --:--:-- once the time has expired', () => {
    const v = lotteryTimerView(input, 1_400 + 64_800);
    expect(v).toMatchObject({ text: '--:--:--', expired: true, near: false });
  });

  it('LOTT-017 counts down from remainTime minus half the lotteryTime gap', () => {
    expect(lotteryTimerView(input, 1_400)).toMatchObject({ text: '00:01:04', remainingMs: 64_800 });
    expect(lotteryTimerView(input, 1_400 + 4_800).text).toBe('00:01:00');
    const long = { isSale: true, remainTime: 3_723_000, lotteryTime: [0, 0] as const };
    expect(lotteryTimerView(long, 0).text).toBe('01:02:03');
  });

  it('LOTT-018 ticks every 500 ms and stops when expired', () => {
    vi.useFakeTimers({ now: 1_400 });
    const views: LotteryTimerView[] = [];
    const short = { isSale: true, remainTime: 2_200, lotteryTime: [1_000, 1_400] as const };
    const stop = startLotteryTimer(short, (v) => views.push(v), {
      now: () => Date.now(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    });
    expect(views.map((v) => v.remainingMs)).toEqual([2_000]);
    vi.advanceTimersByTime(500);
    expect(views.map((v) => v.remainingMs)).toEqual([2_000, 1_500]);
    vi.advanceTimersByTime(5_000);
    expect(views.map((v) => v.remainingMs)).toEqual([2_000, 1_500, 1_000, 500, 0]);
    expect(views.at(-1)!.text).toBe('--:--:--');
    expect(vi.getTimerCount()).toBe(0);
    stop();
    // The server project shares modules between files (isolate: false): leave real timers behind.
    vi.useRealTimers();
  });

  it('LOTT-019 is flagged near when fewer than 6 s remain', () => {
    const deadline = 1_400 + 64_800;
    expect(lotteryTimerView(input, deadline - 6_000).near).toBe(false);
    expect(lotteryTimerView(input, deadline - 5_999).near).toBe(true);
  });
});

describe('lobby rules', () => {
  it('LOTT-020 card remaining time is remainTime − lockTime × 1000, never below 0', () => {
    expect(cardRemainingMs(65_000, 5)).toBe(60_000);
    expect(cardRemainingMs(4_000, 5)).toBe(0);
  });

  it('LOTT-028 refetches after the smallest non-negative remaining time among games with a numero', () => {
    expect(
      lobbyRefreshDelayMs([
        { numero: '202611220001', remainingMs: 12_000 },
        { numero: '202611220002', remainingMs: 9_000 },
        { numero: null, remainingMs: 1_000 },
        { numero: '', remainingMs: 2_000 },
      ]),
    ).toBe(9_000);
  });

  it('LOTT-029 uses 7000 ms when that smallest time is 0 or less', () => {
    expect(
      lobbyRefreshDelayMs([
        { numero: '20261122', remainingMs: 0 },
        { numero: 'x', remainingMs: 9_000 },
      ]),
    ).toBe(7_000);
    expect(lobbyRefreshDelayMs([])).toBe(7_000);
  });

  it('LOTT-030 caps the refetch timer at 30000 ms', () => {
    expect(lobbyRefreshDelayMs([{ numero: '20261122', remainingMs: 3_600_000 }])).toBe(30_000);
  });

  it('LOTT-008 previous winning numbers show the first group’s first number digit by digit', () => {
    expect(previousWinningDigits('12345~67890~11123,45623')).toEqual(['1', '2', '3', '4', '5']);
    expect(previousWinningDigits('256')).toEqual(['2', '5', '6']);
    expect(previousWinningDigits(null)).toEqual([]);
  });
});

it('the client rules (contract lottery-rules.ts) import nothing, so the web bundle can use it as is', () => {
  const source = readFileSync(
    new URL('../../../../../../packages/contract/src/lottery-rules.ts', import.meta.url),
    'utf8',
  );
  expect(source).not.toMatch(/^\s*import\s/m);
});
