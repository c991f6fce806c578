import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, findLocale } from '@panalo/contract/locales';
import { storage } from '../lib/storage';

// Catalogues are split by feature (one JSON file per feature and language, each with its own top-level
// key) and merged into one namespace. EN and TY are complete; other languages fall back to EN.
// The shell's and home's catalogues come with the first page; every other feature's are fetched with its
// screen (lazyScreen's `catalogues`), so the first page does not carry the whole product's text.
const en = import.meta.glob<Record<string, unknown>>(
  './locales/en/{common,shell,status,errors,msg,home}.json',
  {
    eager: true,
    import: 'default',
  },
);
const ty = import.meta.glob<Record<string, unknown>>(
  './locales/ty/{common,shell,status,errors,msg,home}.json',
  {
    eager: true,
    import: 'default',
  },
);
const later = import.meta.glob<Record<string, unknown>>(
  ['./locales/*/*.json', '!./locales/*/{common,shell,status,errors,msg,home}.json'],
  { import: 'default' },
);

const merge = (files: Record<string, Record<string, unknown>>) =>
  Object.assign({}, ...Object.values(files)) as Record<string, unknown>;

/** Every catalogue loaded so far, by language (a live object: loadCatalogues adds to it). */
export const catalogues = { EN: merge(en), TY: merge(ty) };

const instances = new Set<I18n>();
const loaded = new Set<string>();

/** The namespaces fetched on demand (file names without .json). */
export const LAZY_NAMESPACES = [
  ...new Set(Object.keys(later).map((p) => p.replace(/^.*\/(.+)\.json$/, '$1'))),
];

/** Fetches feature catalogues (both languages) and adds them to every i18n instance. */
export async function loadCatalogues(namespaces: readonly string[]): Promise<void> {
  const wanted = namespaces.filter((n) => !loaded.has(n));
  await Promise.all(
    wanted.flatMap((ns) =>
      (['EN', 'TY'] as const).map(async (code) => {
        const load = later[`./locales/${code.toLowerCase()}/${ns}.json`];
        if (!load) return;
        const data = await load();
        Object.assign(catalogues[code], data);
        for (const i of instances) i.addResourceBundle(code, 'translation', data, true, true);
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
  const known = catalogues.EN.errors as Record<string, unknown> | undefined;
  return known && typeof known[code] === 'string' ? `errors.${code}` : 'errors.unknown_error';
}

/** The language to start in: the stored choice when the merchant supports it, else its default. */
export function initialLanguage(supported: readonly string[], merchantDefault: string): string {
  const stored = storage.get('language');
  if (stored && supported.includes(stored)) return stored;
  return supported.includes(merchantDefault) ? merchantDefault : (supported[0] ?? DEFAULT_LANGUAGE);
}

/** Sets <html lang> and dir from the locale registry (right-to-left for Arabic, Persian, Urdu). */
export function applyDocumentLanguage(code: string, doc: Document = document): void {
  const locale = findLocale(code);
  doc.documentElement.lang = locale?.tag ?? 'en';
  doc.documentElement.dir = locale?.dir ?? 'ltr';
}

export function createI18n(lng: string): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { EN: { translation: catalogues.EN }, TY: { translation: catalogues.TY } },
    lng,
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance.on('languageChanged', (code) => applyDocumentLanguage(code));
  applyDocumentLanguage(lng);
  instances.add(instance);
  return instance;
}

/** Changes the language and remembers it under the spec's `language` key. */
export async function changeLanguage(i18n: I18n, code: string): Promise<void> {
  storage.set('language', code);
  await i18n.changeLanguage(code);
}
