import type { SessionValue } from '@panalo/contract/auth';
import { remember } from '../../../lib/remember';
import { sealedRequest } from '../../../lib/sealed-request';
import { revokeSession } from '../api/revoke-session';

/**
 * AUTH-059: after a password change the remembered login is updated. Our record (lib/remember.ts)
 * holds a device credential, not the password, and the server revoked every device credential with the
 * change; so a record of this account gets a fresh credential from a login with the new password and
 * `remember`. That login's own session is revoked at once: the member stays on the session they have.
 * A record of another account is left alone (trying our password on it would count as a failed login).
 * Nothing here throws: on failure the old record stays, and the login screen drops it when it no
 * longer works.
 */
export async function renewRememberedLogin(userName: string, newPassword: string): Promise<void> {
  const rec = remember.get();
  if (!rec || rec.username.trim().toLowerCase() !== userName.trim().toLowerCase()) return;
  try {
    const value = await sealedRequest<SessionValue>('POST', '/auth/login', {
      type: 'username',
      username: rec.username,
      password: newPassword,
      remember: true,
      ...(rec.countryDialingCode ? { countryDialingCode: rec.countryDialingCode } : {}),
    });
    if (value.deviceToken) remember.set({ ...rec, deviceToken: value.deviceToken });
    await revokeSession(value.token).catch(() => undefined);
  } catch {
    // Kept as it was; see above.
  }
}
