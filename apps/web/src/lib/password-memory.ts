/**
 * The member's current password, held in memory for this page only (spec §2 Change password: the
 * old-password field is shown only when the old password is not held). It is never written to any
 * storage: a reload, a new tab or a sign-out (which reloads) forgets it, and so does a quarter of an
 * hour. Set after a login or registration by a typed password and after a password change; read for
 * the account it was set for only.
 */
let held: { userName: string; password: string; at: number } | null = null;

/** How long a held password is kept: an unattended signed-in tab does not keep it for hours. */
export const PASSWORD_MEMORY_MS = 15 * 60_000;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const passwordMemory = {
  /** The password held for this account, or null. */
  get(userName: string, now: number = Date.now()): string | null {
    if (held && now - held.at > PASSWORD_MEMORY_MS) held = null;
    return held && same(held.userName, userName) ? held.password : null;
  },
  /** Replaces whatever was held (one account, one password at a time). */
  set(userName: string, password: string, now: number = Date.now()): void {
    held = { userName, password, at: now };
  },
  clear(): void {
    held = null;
  },
};
