import { errorKey } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';

/**
 * A refused call's text with the values it names (upload_too_large's {{maxMb}}, kyc_under_age's
 * {{minAge}}…): strings and numbers as they are, a list joined.
 */
export function useRefusalText(): (err: unknown) => string {
  const { t } = useTranslation();
  return (err) => {
    if (!(err instanceof ApiError)) return t('errors.unknown_error');
    const values: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(err.value ?? {})) {
      if (typeof v === 'string' || typeof v === 'number') values[k] = v;
      else if (Array.isArray(v)) values[k] = v.map(String).join(', ');
    }
    return t(errorKey(err.code), values);
  };
}
