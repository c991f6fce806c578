import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';

/** Spec §9: reactions to a language change (refetching lists, re-validating) wait 200 ms. */
export const LANGUAGE_DEBOUNCE_MS = 200;

/**
 * The active language, updated 200 ms after the last change. Server data keyed on it is refetched once
 * the user settles on a language, not on every tap.
 */
export function useDebouncedLanguage(delayMs: number = LANGUAGE_DEBOUNCE_MS): string {
  const { i18n } = useTranslation();
  const [lang, setLang] = useState(i18n.language);
  useEffect(() => {
    if (i18n.language === lang) return;
    const timer = setTimeout(() => setLang(i18n.language), delayMs);
    return () => clearTimeout(timer);
  }, [i18n.language, lang, delayMs]);
  return lang;
}
