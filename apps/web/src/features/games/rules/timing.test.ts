import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hasMorePages,
  LAZY_IMAGE,
  nearBottom,
  nearViewport,
  nextPage,
  SCROLL_THRESHOLD_PX,
  SCROLL_THROTTLE_MS,
  throttle,
} from './paging';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('infinite scroll', () => {
  it('GAMES-010 triggers within 500 px of the bottom', () => {
    expect(SCROLL_THRESHOLD_PX).toBe(500);
    expect(nearBottom({ scrollTop: 1500, viewportHeight: 800, scrollHeight: 2800 })).toBe(true);
    expect(nearBottom({ scrollTop: 1499, viewportHeight: 800, scrollHeight: 2800 })).toBe(false);
  });

  it('GAMES-011 runs at most once per 1000 ms, with one trailing run', () => {
    expect(SCROLL_THROTTLE_MS).toBe(1000);
    const fn = vi.fn();
    const t = throttle(fn, SCROLL_THROTTLE_MS);
    t();
    t();
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
    t();
    expect(fn).toHaveBeenCalledTimes(3);
    t();
    t.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('GAMES-045 GAMES-046 pages are appended while pageNum < totalPages; hot is one page', () => {
    expect(hasMorePages(1, 3)).toBe(true);
    expect(hasMorePages(3, 3)).toBe(false);
    expect(nextPage({ pageNum: 2, totalPages: 3 })).toBe(3);
    expect(nextPage({ pageNum: 3, totalPages: 3 })).toBeUndefined();
    expect(nextPage({ pageNum: 1, totalPages: 3 }, true)).toBeUndefined();
  });
});

describe('lazy images', () => {
  it('CONST-014 CONST-015 CONST-016 an image loads within 100 px of the view (300 ms throttle, 200 ms delay)', () => {
    expect(LAZY_IMAGE).toEqual({ thresholdPx: 100, throttleMs: 300, delayMs: 200 });
    expect(nearViewport({ top: 900, bottom: 1000 }, 800)).toBe(true);
    expect(nearViewport({ top: 901, bottom: 1000 }, 800)).toBe(false);
    expect(nearViewport({ top: -300, bottom: -100 }, 800)).toBe(true);
    expect(nearViewport({ top: -300, bottom: -101 }, 800)).toBe(false);
  });
});
