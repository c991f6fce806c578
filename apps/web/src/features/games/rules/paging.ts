/** GAMES-010/011 (spec §9): load more within 500 px of the bottom, at most once per 1000 ms. */
export const SCROLL_THRESHOLD_PX = 500;
export const SCROLL_THROTTLE_MS = 1000;

/** GAMES-045: another page exists while pageNum is below totalPages. */
export const hasMorePages = (pageNum: number, totalPages: number): boolean => pageNum < totalPages;

/** The next page to ask for, or undefined when the list is complete (GAMES-045/046: hot is one page). */
export function nextPage(
  last: { pageNum: number; totalPages: number },
  singlePage = false,
): number | undefined {
  if (singlePage) return undefined;
  return hasMorePages(last.pageNum, last.totalPages) ? last.pageNum + 1 : undefined;
}

export interface ScrollMetrics {
  scrollTop: number;
  viewportHeight: number;
  scrollHeight: number;
}

/** GAMES-010: the view's bottom is within the threshold of the content's bottom. */
export const nearBottom = (m: ScrollMetrics, threshold = SCROLL_THRESHOLD_PX): boolean =>
  m.scrollHeight - (m.scrollTop + m.viewportHeight) <= threshold;

/**
 * A leading-edge throttle with a trailing call: the first call runs at once, calls within the interval
 * collapse into one that runs when it ends (so the last scroll position is always looked at).
 */
export function throttle(fn: () => void, intervalMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = now();
    timer = undefined;
    fn();
  };
  const throttled = () => {
    const wait = last + intervalMs - now();
    if (wait <= 0) {
      if (timer !== undefined) clearTimeout(timer);
      run();
    } else timer ??= setTimeout(run, wait);
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}

/** Spec §9 lazy images: 100 px ahead of the view, checked at most every 300 ms, first after 200 ms. */
export const LAZY_IMAGE = { thresholdPx: 100, throttleMs: 300, delayMs: 200 } as const;

/** An image starts loading once its box is within the threshold of the visible area. */
export const nearViewport = (
  rect: { top: number; bottom: number },
  viewportHeight: number,
  threshold: number = LAZY_IMAGE.thresholdPx,
): boolean => rect.top <= viewportHeight + threshold && rect.bottom >= -threshold;
