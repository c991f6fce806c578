import { DEFAULT_LANGUAGE } from '@panalo/contract/locales';
import { storage } from '../lib/storage';

/** The languages that have catalogues; any other is shown in EN. */
export const CATALOGUE_LANGUAGES = ['EN', 'TY'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];
export const catalogueLanguage = (code: string): CatalogueLanguage =>
  (CATALOGUE_LANGUAGES as readonly string[]).includes(code) ? (code as CatalogueLanguage) : 'EN';

// The first page's catalogues (shell, home, status, errors) come as one chunk per language; only the
// language the visit starts in is fetched. This module is small and free of the app's code, so that the
// entry (main.tsx) can ask for them beside the app's code on home.
const firstPage = import.meta.glob<Record<string, unknown>>('./locales/*/first-page.ts', {
  import: 'default',
});

/** The first page's texts of a language (of EN for one without catalogues); the browser fetches them once. */
export function importFirstPageTexts(code: string): Promise<Record<string, unknown>> {
  const load = firstPage[`./locales/${catalogueLanguage(code).toLowerCase()}/first-page.ts`];
  return load ? load() : Promise.resolve({});
}

/** The language to start in: the stored choice when the merchant supports it, else its default. */
export function initialLanguage(languages: readonly { code: string }[], merchantDefault: string): string {
  const supported = languages.map((l) => l.code);
  const stored = storage.get('language');
  if (stored && supported.includes(stored)) return stored;
  return supported.includes(merchantDefault) ? merchantDefault : (supported[0] ?? DEFAULT_LANGUAGE);
}
