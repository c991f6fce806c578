import type { Page, Request } from 'playwright-core';

/**
 * What a screen draws while it loads: the boot screen, a lazy screen's placeholder, the kit's skeleton
 * rows and spinners (components/ui/states.tsx), anything marked aria-busy.
 */
const LOADING = '.boot, [data-testid="lazy-loading"], .ui-skeleton, .spinner, [aria-busy="true"]';

/** Streams stay open for as long as the page does: they never make the network busy. */
const STREAMS = new Set(['eventsource', 'websocket']);

/**
 * Counts a page's requests in flight from the moment it is called (call it before the first goto).
 * `settled()` then waits until the screen is still: no request in flight for `quietMs`, and nothing on
 * it saying that it is loading (LOADING). Playwright's `networkidle` waits for 500 ms without a request;
 * a screen whose data has arrived is still after the next frame, so a shorter window, checked against
 * the screen's own loading marks, waits less and knows more. Returns false if the screen was still
 * loading at `timeoutMs`.
 */
export function stillness(page: Page) {
  let inflight = 0;
  let changed = Date.now();
  const counted = (r: Request) => !STREAMS.has(r.resourceType());
  page.on('request', (r) => {
    if (!counted(r)) return;
    inflight++;
    changed = Date.now();
  });
  const done = (r: Request) => {
    if (!counted(r)) return;
    inflight = Math.max(0, inflight - 1);
    changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  const loading = () =>
    page
      .evaluate(
        (LOADING) => document.querySelector(LOADING) !== null || document.readyState !== 'complete',
        LOADING,
      )
      // A navigation under way destroys the context the check ran in: the screen is not still.
      .catch(() => true);

  return {
    async settled({ quietMs = 150, timeoutMs = 5000 } = {}): Promise<boolean> {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        const quietFor = Date.now() - changed;
        if (inflight === 0 && quietFor >= quietMs) {
          if (!(await loading())) {
            // The check took a moment: still quiet since before it?
            if (inflight === 0 && Date.now() - changed >= quietMs) return true;
          }
          await page.waitForTimeout(quietMs / 2);
        } else {
          await page.waitForTimeout(inflight === 0 ? quietMs - quietFor : 25);
        }
      }
      return false;
    },
  };
}
