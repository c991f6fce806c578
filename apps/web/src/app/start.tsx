import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreen } from './router';
import { inlineStartupBundle } from '../features/site/api/inline-startup';
import { initialLanguage, loadLanguage } from '../i18n';
import { registerServiceWorker } from '../lib/pwa';

/**
 * The language's texts and the screen's code are fetched side by side, not one after the other as the
 * first render discovers them; the app is rendered once they are here (or failed: the app then shows
 * its own error and retry), so that its whole first render is one interruptible transition instead of a
 * spinner followed by a synchronous re-render of everything when the texts arrive.
 */
async function start(el: HTMLElement) {
  const bundle = inlineStartupBundle();
  await Promise.allSettled([
    bundle
      ? loadLanguage(initialLanguage(bundle.site.languages, bundle.site.defaultLanguage))
      : Promise.resolve(),
    preloadScreen(window.location.pathname),
  ]);
  const root = createRoot(el);
  // As a transition the first render yields to the browser every few milliseconds instead of holding
  // the main thread in one long task; the server-rendered boot skeleton stays on screen meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

const el = document.getElementById('root');
if (el) void start(el);

// Offline start and add-to-home-screen; registered after load, production builds only.
void registerServiceWorker();
