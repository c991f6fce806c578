import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadCatalogues, loadLanguage } from '../i18n';
import { LAZY_NAMESPACES } from '../i18n/later-catalogues';

// Component tests render feature screens directly (not through their lazy routes): give them every
// catalogue up front, as the routes would (and both languages' first-page texts, as the startup would).
await Promise.all([loadLanguage('EN'), loadLanguage('TY')]);
await loadCatalogues(LAZY_NAMESPACES);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
