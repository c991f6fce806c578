import type { ErrorBody } from '@panalo/contract/common';
import { ApiError } from '../../../lib/api';

/**
 * API-025: e-mail password recovery is a form-encoded POST of username and email. The answer is the
 * same whether or not they match an account.
 */
export async function requestResetLink(fields: { username: string; email: string }): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/api/auth/forgot/email', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('no_network', 0, 'No network');
  }
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
  throw new ApiError(body?.code ?? 'unknown_error', res.status, body?.message ?? res.statusText, body?.value);
}
