import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { App } from './app/app';
import { adoptViewAsToken } from './lib/api';

// A provider's "view as" link carries its session in the address's fragment.
adoptViewAsToken();

// The texts first (one small chunk for the saved language), then the console.
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
