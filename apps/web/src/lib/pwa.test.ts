import { describe, expect, it, vi } from 'vitest';
import { isStandalone, registerServiceWorker } from './pwa';

type Listener = () => void;

function fakeEnv(opts: { production?: boolean; sw?: boolean; readyState?: string; fails?: boolean } = {}) {
  const registration = { scope: '/' } as ServiceWorkerRegistration;
  const register = vi.fn(() =>
    opts.fails ? Promise.reject(new Error('SecurityError')) : Promise.resolve(registration),
  );
  const listeners: Listener[] = [];
  const navigator = (opts.sw === false ? {} : { serviceWorker: { register } }) as unknown as Navigator;
  const window = {
    document: { readyState: opts.readyState ?? 'loading' },
    addEventListener: (type: string, l: Listener) => {
      if (type === 'load') listeners.push(l);
    },
  } as unknown as Window;
  return {
    env: { production: opts.production ?? true, navigator, window, base: '/' },
    register,
    registration,
    fireLoad: () => listeners.forEach((l) => l()),
  };
}

describe('service worker registration', () => {
  it('registers /sw.js for the whole site, only after the load event', async () => {
    const f = fakeEnv();
    const result = registerServiceWorker(f.env);
    await Promise.resolve();
    expect(f.register).not.toHaveBeenCalled();
    f.fireLoad();
    await expect(result).resolves.toBe(f.registration);
    expect(f.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers at once when the page has already loaded', async () => {
    const f = fakeEnv({ readyState: 'complete' });
    await expect(registerServiceWorker(f.env)).resolves.toBe(f.registration);
    expect(f.register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a development build', async () => {
    const f = fakeEnv({ production: false, readyState: 'complete' });
    await expect(registerServiceWorker(f.env)).resolves.toBeNull();
    expect(f.register).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without service workers', async () => {
    const f = fakeEnv({ sw: false, readyState: 'complete' });
    await expect(registerServiceWorker(f.env)).resolves.toBeNull();
  });

  it('a refused registration resolves to null instead of failing the page', async () => {
    const f = fakeEnv({ fails: true, readyState: 'complete' });
    await expect(registerServiceWorker(f.env)).resolves.toBeNull();
  });

  it('the test build (Vitest) is not production, so the default never registers', async () => {
    await expect(registerServiceWorker()).resolves.toBeNull();
  });
});

describe('installed-app detection', () => {
  const win = (modes: string[], standalone?: boolean) =>
    ({
      navigator: standalone === undefined ? {} : { standalone },
      matchMedia: (q: string) => ({ matches: modes.some((m) => q === `(display-mode: ${m})`) }),
    }) as unknown as Window;

  it('CONTENT-018 display-mode standalone counts as installed', () => {
    expect(isStandalone(win(['standalone']))).toBe(true);
    expect(isStandalone(win(['fullscreen']))).toBe(true);
  });

  it('CONTENT-018 an iOS home-screen web clip (navigator.standalone) counts as installed', () => {
    expect(isStandalone(win([], true))).toBe(true);
  });

  it('CONTENT-018 a browser tab is not installed', () => {
    expect(isStandalone(win(['browser'], false))).toBe(false);
    expect(isStandalone({ navigator: {} } as unknown as Window)).toBe(false);
    expect(isStandalone()).toBe(false);
  });
});
