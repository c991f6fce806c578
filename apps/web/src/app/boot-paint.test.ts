import { describe, expect, it } from 'vitest';
import { BOOT_PAINT_MAX_WAIT_MS, bootBannerPainted, type BootPaintEnv } from './boot-paint';

type Banner = { decode: () => Promise<void> };

/** A page with (or without) home's boot banner; frames, timers, input and paint reports run by hand. */
function page(banner: Banner | null, { reportsPaints = true } = {}) {
  const frames: (() => void)[] = [];
  const timers: { cb: () => void; ms: number }[] = [];
  const listeners = new Map<string, () => void>();
  const observers: { cb: PerformanceObserverCallback; observed: unknown; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = reportsPaints ? ['paint', 'largest-contentful-paint'] : ['paint'];
    o: (typeof observers)[number];
    constructor(cb: PerformanceObserverCallback) {
      this.o = { cb, observed: null, disconnected: false };
      observers.push(this.o);
    }
    observe(options: unknown) {
      this.o.observed = options;
    }
    disconnect() {
      this.o.disconnected = true;
    }
  }
  const env: BootPaintEnv = {
    document: {
      querySelector: () => banner,
      addEventListener: ((type: string, cb: () => void) => listeners.set(type, cb)) as never,
    },
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (cb) => frames.push(cb),
    setTimeout: (cb, ms) => timers.push({ cb, ms }),
  };
  let done = false;
  void bootBannerPainted(env).then(() => (done = true));
  return {
    frames,
    timers,
    listeners,
    observers,
    /** The browser reports a largest-contentful-paint entry for `element`. */
    paint: (element: unknown) =>
      observers[0]!.cb(
        { getEntries: () => [{ entryType: 'largest-contentful-paint', element }] } as never,
        null as never,
      ),
    isDone: async () => {
      await new Promise((r) => setTimeout(r, 0));
      return done;
    },
  };
}

const banner = (): Banner => ({ decode: () => Promise.resolve() });

describe('the app starts after home’s boot banner is drawn', () => {
  it('a page without a boot banner starts at once', async () => {
    expect(await page(null).isDone()).toBe(true);
  });

  it('waits for the browser to report the banner’s paint, not another element’s', async () => {
    const b = banner();
    const p = page(b);
    expect(p.observers[0]!.observed).toEqual({ type: 'largest-contentful-paint', buffered: true });
    expect(await p.isDone()).toBe(false);
    p.paint({});
    expect(await p.isDone()).toBe(false);
    p.paint(b);
    expect(await p.isDone()).toBe(true);
    expect(p.observers[0]!.disconnected).toBe(true);
  });

  it('where paints are not reported: the decode, then the frame after the one that drew it', async () => {
    let decoded!: () => void;
    const p = page({ decode: () => new Promise<void>((r) => (decoded = r)) }, { reportsPaints: false });
    expect(p.observers).toEqual([]);
    expect(await p.isDone()).toBe(false);
    decoded();
    expect(await p.isDone()).toBe(false);
    p.frames.shift()!();
    expect(await p.isDone()).toBe(false);
    p.frames.shift()!();
    expect(await p.isDone()).toBe(true);
  });

  it('a banner that cannot be loaded does not hold the app', async () => {
    const broken = () => ({ decode: () => Promise.reject(new Error('EncodingError')) });
    expect(await page(broken()).isDone()).toBe(true);
    expect(await page(broken(), { reportsPaints: false }).isDone()).toBe(true);
  });

  it('a touch or a key starts the app at once', async () => {
    for (const type of ['pointerdown', 'keydown']) {
      const p = page(banner());
      expect(await p.isDone()).toBe(false);
      p.listeners.get(type)!();
      expect(await p.isDone()).toBe(true);
    }
  });

  it('a tab that draws nothing starts after the longest wait', async () => {
    const p = page(banner());
    expect(await p.isDone()).toBe(false);
    expect(p.timers.map((t) => t.ms)).toEqual([BOOT_PAINT_MAX_WAIT_MS]);
    p.timers[0]!.cb();
    expect(await p.isDone()).toBe(true);
  });
});
