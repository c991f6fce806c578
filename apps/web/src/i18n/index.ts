import { I18n } from './translator';
import type { SiteLanguage } from '@panalo/contract/startup';
import { storage } from '../lib/storage';
import {
  CATALOGUE_LANGUAGES,
  catalogueLanguage,
  importFirstPageTexts,
  type CatalogueLanguage,
} from './first-page-texts';
import { onApiError } from '../lib/api';

// Catalogues are split by feature (one JSON file per feature and language, each with its own top-level
// key) and merged into one namespace. EN and TY are complete; other languages fall back to EN.
// The first page's catalogues (shell, home, status, errors) come as one chunk per language, and only the
// language the visit starts in is fetched (loadLanguage, before the first render; first-page-texts.ts);
// every other feature's are fetched with its screen (lazyScreen's `catalogues`), so the first page
// carries one language's text of the shell and home only.
const FIRST_PAGE = ['common', 'shell', 'status', 'errors', 'msg', 'home'];
// (The refusal texts are the shared catalogue's, packages/client/src/errors: errors-shell.json holds the
// few the shell shows itself under `errors`, in the first page's chunk; the rest of
// `errors`, the server's message keys, comes with the first screen that has texts of its own or the
// first refused call, whichever is first: see loadCatalogues and onApiError below. Their list of lazy
// imports is in later-catalogues.ts, a chunk of its own.)
const laterCatalogues = () => import('./later-catalogues').then((m) => m.later);

export { CATALOGUE_LANGUAGES, initialLanguage } from './first-page-texts';

/** Every catalogue loaded so far, by language (a live object shared by every instance). */
export const catalogues: Record<CatalogueLanguage, Record<string, unknown>> = { EN: {}, TY: {} };

const instances = new Set<I18n>();
const loaded = new Set<string>();
const loadedLanguages = new Map<CatalogueLanguage, Promise<void>>();

/** Whether the first page's texts of `code` (or of EN, for a language without catalogues) are here. */
export const languageLoaded = (code: string) =>
  FIRST_PAGE.every((ns) => ns in catalogues[catalogueLanguage(code)]);

/** Fetches the first page's catalogue of a language (once); the app renders only after it. */
export function loadLanguage(code: string): Promise<void> {
  const lang = catalogueLanguage(code);
  let pending = loadedLanguages.get(lang);
  if (!pending) {
    pending = importFirstPageTexts(lang).then((data) => {
      merge(catalogues[lang], data);
      for (const i of instances) i.refresh();
    });
    // A failed fetch may be tried again.
    pending.catch(() => loadedLanguages.delete(lang));
    loadedLanguages.set(lang, pending);
  }
  return pending;
}

/**
 * Adds a catalogue file's namespaces to a language's texts. A namespace that is already there (errors:
 * the shell's few, then the rest) is extended, not replaced.
 */
function merge(into: Record<string, unknown>, data: Record<string, unknown>) {
  for (const [ns, texts] of Object.entries(data)) {
    const had = into[ns];
    into[ns] =
      had && typeof had === 'object' && texts && typeof texts === 'object' ? { ...had, ...texts } : texts;
  }
}

/**
 * Fetches feature catalogues (both languages) and adds them to every i18n instance. A screen with texts
 * of its own also gets the server's refusal texts (`errors`), which it may show for any call it makes.
 */
export async function loadCatalogues(namespaces: readonly string[]): Promise<void> {
  const all = namespaces.length > 0 ? [...namespaces, 'errors'] : [];
  const wanted = [...new Set(all)].filter((n) => !loaded.has(n));
  if (wanted.length === 0) return;
  const later = await laterCatalogues();
  await Promise.all(
    wanted.flatMap((ns) =>
      (['EN', 'TY'] as const).map(async (code) => {
        const load = later[`./locales/${code.toLowerCase()}/${ns}.json`];
        if (!load) return;
        const data = await load();
        merge(catalogues[code], data);
        for (const i of instances) i.refresh();
      }),
    ),
  );
  wanted.forEach((n) => loaded.add(n));
}

/**
 * The catalogue key for a server message key (ApiError.code): `errors.<code>`, or the generic
 * 'Unknown error' text for a code the catalogue does not know, so a refusal never shows a raw key.
 */
export function errorKey(code: string): string {
  const known = CATALOGUE_LANGUAGES.some((l) => {
    const errors = catalogues[l].errors as Record<string, unknown> | undefined;
    return errors !== undefined && typeof errors[code] === 'string';
  });
  return known ? `errors.${code}` : 'errors.unknown_error';
}

/**
 * Sets <html lang> and dir from the site's languages (the startup bundle carries each one's tag and
 * direction: right-to-left for Arabic, Persian, Urdu); a code the site does not offer is shown as en, ltr.
 */
export function applyDocumentLanguage(
  code: string,
  languages: readonly SiteLanguage[],
  doc: Document = document,
): void {
  const language = languages.find((l) => l.code === code.toUpperCase());
  doc.documentElement.lang = language?.tag ?? 'en';
  doc.documentElement.dir = language?.dir ?? 'ltr';
}

/** The i18n instance of a site, starting in `lng`; `languages` are the site's (its startup bundle's). */
export function createI18n(lng: string, languages: readonly SiteLanguage[] = []): I18n {
  // Every instance reads the one live set of catalogues (loadLanguage and loadCatalogue add to it).
  const instance = new I18n(catalogues, lng, 'EN');
  instance.subscribe((code) => applyDocumentLanguage(code, languages));
  applyDocumentLanguage(lng, languages);
  instances.add(instance);
  return instance;
}

/** Changes the language and remembers it under the spec's `language` key. */
export async function changeLanguage(i18n: I18n, code: string): Promise<void> {
  await loadLanguage(code);
  storage.set('language', code);
  await i18n.changeLanguage(code);
}

// A refused call (on any screen, home included) waits for the refusal texts before it reports, so that the
// message key it carries is always shown as text.
onApiError(() => loadCatalogues(['errors']));
