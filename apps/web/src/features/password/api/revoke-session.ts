import { apiRequest } from '../../../lib/api';

/** API-024: the logout call (DELETE, sending the session token); logoutLocally ignores its failure. */
export async function revokeSession(token: string): Promise<void> {
  await apiRequest('DELETE', '/auth/session', { headers: { authorization: `Bearer ${token}` } });
}
