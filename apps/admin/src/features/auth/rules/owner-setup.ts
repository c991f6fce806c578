import { STAFF_PASSWORD } from '@panalo/contract/staff-rules';

// The owner's set-up page (/admin/setup#token=…): the link's token and the password's checks, pure.

/** The set-up token's form (the contract's `staffSetupRequest.token`). */
const SETUP_TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * The one-time token from the link's hash (`#token=…`: in the hash, the address the browser sends to no
 * server and no log); null when the link is cut or mangled.
 */
export function setupToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && SETUP_TOKEN.test(token) ? token : null;
}

export type SetupField = 'password' | 'repeat';

/** What is wrong with the two passwords, each with its field and the text's key (`setup.*`); [] when none. */
export function setupProblems(password: string, repeat: string): { field: SetupField; key: string }[] {
  if (!STAFF_PASSWORD.test(password)) return [{ field: 'password', key: 'setup.passwordRule' }];
  if (repeat !== password) return [{ field: 'repeat', key: 'setup.mismatch' }];
  return [];
}
