/**
 * The member's current password, held in memory for this page only (spec §2 Change password: the
 * old-password field is shown only when the old password is not held). It is never written to any
 * storage: a reload, a new tab or a sign-out (which reloads) forgets it. Set after a login or a
 * password change; read for the account it was set for only.
 */
let held: { userName: string; password: string } | null = null;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const passwordMemory = {
  /** The password held for this account, or null. */
  get(userName: string): string | null {
    return held && same(held.userName, userName) ? held.password : null;
  },
  /** Replaces whatever was held (one account, one password at a time). */
  set(userName: string, password: string): void {
    held = { userName, password };
  },
  clear(): void {
    held = null;
  },
};
