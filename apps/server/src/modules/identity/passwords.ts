import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): ~15 ms a hash on these machines.
const PARAMS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (or a payment password) with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

// Verified when the account does not exist, so that "no such user" costs the same time as
// "wrong password" and the two cannot be told apart.
let dummy: Promise<string> | undefined;

/** Checks a password against its hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('dummy-password-for-equal-timing');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
