import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { messageKey } from '../../../lib/validation';
import { errorKey } from '../../../i18n';

/** A server refusal as the key of its text (errors.<code>, or the generic text for an unknown code). */
export function apiErrorKey(err: unknown): string {
  return errorKey(err instanceof ApiError ? err.code : 'unknown_error');
}

/**
 * Translates the message keys the forms keep (valid.* from the rules, errors.* from the server), in
 * `lang` when given. A key the catalogue lacks shows a generic text, never the raw key.
 */
export function useMessageText(lang?: string): (key: string) => string {
  const { i18n } = useTranslation();
  const language = lang ?? i18n.language;
  return useCallback(
    (key: string) => {
      const t = i18n.getFixedT(language);
      if (key.startsWith('errors.')) return t(errorKey(key.slice('errors.'.length)));
      const k = messageKey(key);
      return i18n.exists(k, { lng: language }) ? t(k) : t('valid.invalid');
    },
    [i18n, language],
  );
}
