import { errorText, i18next } from '../../../i18n';
import { ApiError } from '../../../lib/provider-api';

/**
 * The text of a refusal on the brands' screens: this area's own (`brand.refusal.<code>`) first, where the
 * shared catalogue's words are the member site's (its `upload_too_large` says 5 MB, a logo may be 1 MB);
 * else the shared text (@panalo/client/errors). `values` fill the placeholders, with the refusal's
 * `value` over them.
 */
export function refusalText(err: unknown, values: Record<string, unknown> = {}): string {
  const code = err instanceof ApiError ? err.code : 'unknown_error';
  const replace = { ...values, ...(err instanceof ApiError ? err.value : undefined) };
  return i18next.exists(`brand.refusal.${code}`)
    ? i18next.t(`brand.refusal.${code}`, { replace })
    : errorText(code, replace);
}

/** The refusal's code, or 'unknown_error' for anything else (a lost connection is the client's `no_network`). */
export const refusalCode = (err: unknown): string => (err instanceof ApiError ? err.code : 'unknown_error');
