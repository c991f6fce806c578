/**
 * Progressive web app support. The service worker is the one vite-plugin-pwa generates at build time
 * (dist/sw.js, precaching the shell); the manifest is not built: the API serves one per merchant at
 * /api/site/manifest.webmanifest (linked from index.html) so that an installed app carries the operator's
 * name, colours and icons.
 */

interface PwaEnv {
  /** Register only in production builds: a dev-server worker would cache modules Vite serves fresh. */
  production: boolean;
  navigator: Navigator;
  window: Window;
  /** The site's base path; the worker lives at <base>sw.js and controls everything under <base>. */
  base: string;
}

const defaultEnv = (): PwaEnv => ({
  production: import.meta.env.PROD,
  navigator,
  window,
  base: import.meta.env.BASE_URL,
});

/**
 * Registers the service worker once the page has loaded (so the worker's precache downloads do not
 * compete with the first render). Resolves to the registration, or null when it is not registered:
 * development build, a browser without service workers, or a failed registration (the site works
 * without one, so a failure is not an error for the user).
 */
export function registerServiceWorker(env: PwaEnv = defaultEnv()): Promise<ServiceWorkerRegistration | null> {
  if (!env.production || !('serviceWorker' in env.navigator)) return Promise.resolve(null);
  const register = () =>
    env.navigator.serviceWorker.register(`${env.base}sw.js`, { scope: env.base }).catch(() => null);
  if (env.window.document.readyState === 'complete') return register();
  return new Promise((resolve) => {
    env.window.addEventListener('load', () => resolve(register()), { once: true });
  });
}

/**
 * True when the site runs as an installed app: launched from the home screen (display-mode standalone,
 * fullscreen or minimal-ui from the manifest) or as an iOS web clip (navigator.standalone). The shell uses
 * it to hide "download the app" prompts (spec §4 download bar); features with their own detection may
 * keep it, but this is the shared answer.
 */
export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  if (nav.standalone === true) return true;
  if (typeof win.matchMedia !== 'function') return false;
  return ['standalone', 'fullscreen', 'minimal-ui'].some(
    (mode) => win.matchMedia(`(display-mode: ${mode})`).matches,
  );
}
