import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAllErrorTexts } from '@panalo/client/errors';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ty', label: 'Tagalog' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
const LANGUAGE_KEY = 'panalo.console.language';

/**
 * One language's texts: the console's own, and the server's refusal texts from the shared catalogue
 * (@panalo/client/errors, the member site's too). Each language is its own chunk, fetched when used.
 */
async function texts(lang: Language): Promise<Record<string, unknown>> {
  const [own, errors] = await Promise.all([
    lang === 'ty' ? import('./locales/ty.json') : import('./locales/en.json'),
    loadAllErrorTexts(lang),
  ]);
  return { ...own.default, ...errors };
}

const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
const initial: Language = saved === 'ty' ? 'ty' : 'en';

/** Starts i18next with the saved language's texts (English underneath for anything missing). */
export async function initI18n(): Promise<void> {
  const [first, fallback] = await Promise.all([texts(initial), initial === 'en' ? null : texts('en')]);
  await i18next.use(initReactI18next).init({
    resources: {
      [initial]: { translation: first },
      ...(fallback ? { en: { translation: fallback } } : {}),
    },
    lng: initial,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = initial === 'ty' ? 'tl' : 'en';
}

export async function setLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await texts(lang));
  }
  localStorage.setItem(LANGUAGE_KEY, lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang === 'ty' ? 'tl' : 'en';
}

/**
 * The text of a refusal's message key, or the general one. `values` (the refusal's `value`) fills the
 * text's placeholders (`{{total}}`); passed as `replace`, so no refusal value is read as an option of t.
 */
export function errorText(code: string, values?: Record<string, unknown>): string {
  return i18next.exists(`errors.${code}`)
    ? i18next.t(`errors.${code}`, { replace: values ?? {} })
    : i18next.t('errors.unknown_error');
}

export { i18next };
