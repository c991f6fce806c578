import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import ty from './locales/ty.json';
// The server's refusal texts: one catalogue for the member site and the console (errors.<code>).
import enErrors from '../../../web/src/i18n/locales/en/errors.json';
import enShellErrors from '../../../web/src/i18n/locales/en/errors-shell.json';
import tyErrors from '../../../web/src/i18n/locales/ty/errors.json';
import tyShellErrors from '../../../web/src/i18n/locales/ty/errors-shell.json';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ty', label: 'Tagalog' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
const LANGUAGE_KEY = 'panalo.console.language';

const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
const initial: Language = saved === 'ty' ? 'ty' : 'en';

void i18next.use(initReactI18next).init({
  resources: {
    en: { translation: { ...en, errors: { ...enShellErrors.errors, ...enErrors.errors } } },
    ty: { translation: { ...ty, errors: { ...tyShellErrors.errors, ...tyErrors.errors } } },
  },
  lng: initial,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_KEY, lang);
  void i18next.changeLanguage(lang);
  document.documentElement.lang = lang === 'ty' ? 'tl' : 'en';
}

/** The text of a refusal's message key, or the general one. */
export function errorText(code: string): string {
  return i18next.exists(`errors.${code}`) ? i18next.t(`errors.${code}`) : i18next.t('errors.unknown_error');
}

export { i18next };
