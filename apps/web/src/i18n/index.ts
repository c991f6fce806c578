import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, findLocale } from '@panalo/contract/locales';
import { storage } from '../lib/storage';

// Catalogues are split by feature (one JSON file per feature and language, each with its own top-level
// key) and merged here into one namespace. EN and TY are complete; other languages fall back to EN.
const en = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', {
  eager: true,
  import: 'default',
});
const ty = import.meta.glob<Record<string, unknown>>('./locales/ty/*.json', {
  eager: true,
  import: 'default',
});

const merge = (files: Record<string, Record<string, unknown>>) =>
  Object.assign({}, ...Object.values(files)) as Record<string, unknown>;

export const catalogues = { EN: merge(en), TY: merge(ty) };

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
  return instance;
}

/** Changes the language and remembers it under the spec's `language` key. */
export async function changeLanguage(i18n: I18n, code: string): Promise<void> {
  storage.set('language', code);
  await i18n.changeLanguage(code);
}
