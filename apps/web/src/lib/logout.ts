import { session } from './session';
import { storage } from './storage';

export interface LogoutOptions {
  /**
   * Revokes the token on the server (the logout call, AUTH-064). Optional until the accounts module
   * provides it; a failure does not keep the user signed in on this device.
   */
  revoke?: (token: string) => Promise<void>;
  /** Loads the given URL as a fresh page; replaced in tests. */
  reload?: (url: string) => void;
}

export const LOGOUT_LANDING = '/m/home';

/**
 * Signs out on this device (spec §4 "Session", AUTH-064..068): after the optional server revocation,
 * autoLogin becomes '0', the remembered password and bank list go, all session storage (which holds the
 * trial user name) and the member info are cleared, the session is dropped and the page reloads at home.
 * A full reload, not a route change, so that no member data stays in memory caches.
 */
export async function logoutLocally(opts: LogoutOptions = {}): Promise<void> {
  const token = session.get()?.token;
  if (opts.revoke && token) {
    try {
      await opts.revoke(token);
    } catch {
      // The spec does not say what a failed logout call does; leaving the user signed in on a device
      // they asked to sign out of is the worse outcome, so the local sign-out goes ahead.
    }
  }
  storage.set('autoLogin', '0');
  storage.remove('autoRemPass');
  storage.remove('MC_BankList');
  storage.remove('memberInfo');
  try {
    sessionStorage.clear();
  } catch {
    // Storage disabled: nothing was stored there.
  }
  session.clear();
  (opts.reload ?? ((url: string) => window.location.assign(url)))(LOGOUT_LANDING);
}
