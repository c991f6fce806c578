import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/pwa';
import './app/global.css';

const el = document.getElementById('root');
if (el) {
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

// Offline start and add-to-home-screen; registered after load, production builds only.
void registerServiceWorker();
