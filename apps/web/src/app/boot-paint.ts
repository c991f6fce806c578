/**
 * Home's first banner is in the page the server sends (the boot skeleton, index-html.ts): the largest
 * thing the first screen shows, painted before any script has run. On a slow link it shares the pipe
 * with about 120 KiB of the app's code; asked for once the banner is on screen, the code no longer
 * delays it, and Lighthouse's simulated load (which counts every request finished before the observed
 * paint) measures the page as it loads instead of flipping between two values on a race of a few
 * milliseconds. The price: on home the app starts once the banner is drawn, not beside it.
 */
export const BOOT_BANNER_SELECTOR = '#root .boot__banner img';
/** A tab opened in the background draws nothing: the app then starts after this long anyway. */
export const BOOT_PAINT_MAX_WAIT_MS = 3000;

export interface BootPaintEnv {
  document: Pick<Document, 'querySelector' | 'addEventListener'>;
  PerformanceObserver?: Pick<typeof PerformanceObserver, 'supportedEntryTypes'> &
    (new (cb: PerformanceObserverCallback) => Pick<PerformanceObserver, 'observe' | 'disconnect'>);
  requestAnimationFrame: (cb: () => void) => unknown;
  setTimeout: (cb: () => void, ms: number) => unknown;
}

/**
 * Resolves once the browser has reported the boot banner's paint (its largest-contentful-paint entry);
 * where the browser reports no such entries, once it is decoded and the frame after the one that drew
 * it has begun. At once when the page has no boot banner; and when the banner cannot be loaded, the
 * visitor touches or types, or BOOT_PAINT_MAX_WAIT_MS have passed.
 */
export function bootBannerPainted(env: BootPaintEnv = window): Promise<void> {
  const img = env.document.querySelector<HTMLImageElement>(BOOT_BANNER_SELECTOR);
  if (!img) return Promise.resolve();
  return new Promise((resolve) => {
    env.setTimeout(resolve, BOOT_PAINT_MAX_WAIT_MS);
    for (const type of ['pointerdown', 'keydown'])
      env.document.addEventListener(type, () => resolve(), { capture: true, once: true });
    const Observer = env.PerformanceObserver;
    if (Observer?.supportedEntryTypes.includes('largest-contentful-paint')) {
      const observer = new Observer((list) => {
        if (list.getEntries().some((e) => (e as PerformanceEntry & { element?: Element }).element === img)) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      img.decode().catch(() => resolve());
    } else {
      img.decode().then(
        () => env.requestAnimationFrame(() => env.requestAnimationFrame(resolve)),
        () => resolve(),
      );
    }
  });
}
