import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadCatalogues, loadLanguage } from '../i18n';
import { LAZY_NAMESPACES } from '../i18n/later-catalogues';
import { passwordMemory } from '../lib/password-memory';

// Component tests render feature screens directly (not through their lazy routes): give them every
// catalogue up front, as the routes would (and both languages' first-page texts, as the startup would).
await Promise.all([loadLanguage('EN'), loadLanguage('TY')]);
await loadCatalogues(LAZY_NAMESPACES);

// No test reaches the network: a screen's fetch is stubbed by its test (stubApi), and a query that
// refetches after its test restored the globals is answered here as a network failure rather than by a
// real connection to 127.0.0.1:3000 (which printed ECONNREFUSED noise between unrelated tests).
const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch (no stub in this test)'));
globalThis.fetch = offline;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The password a login holds for this page (the files share their worker's modules).
  passwordMemory.clear();
});
