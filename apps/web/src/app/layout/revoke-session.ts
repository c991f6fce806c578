import { apiRequest } from '../../lib/api';

/**
 * The logout call (spec §7 Account: DELETE, sending the session token; AUTH-064): the server revokes the
 * session so that the token is useless from now on, even if it was copied. Given to useSignOut by every
 * sign-out button (header menu, settings).
 */
export async function revokeSession(token: string): Promise<void> {
  await apiRequest<unknown>('DELETE', '/auth/session', { headers: { authorization: `Bearer ${token}` } });
}
