import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A 32-byte key shared by every API process, kept in app_secret under `name`: the first process to need
 * it creates it (insert … on conflict do nothing, then read back, so two creators at once end up with the
 * same key).
 */
export async function sharedKey(db: Database, name: string): Promise<Buffer> {
  await db
    .insertInto('app_secret')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const key = Buffer.from(row.value, 'base64');
  if (key.length !== 32) throw new Error(`app_secret ${name} is not a 32-byte key`);
  return key;
}

/**
 * Seals a secret at rest with AES-256-GCM: `owner` is the additional authenticated data, so a ciphertext
 * copied onto another row (another member, another merchant) does not open there.
 */
export function seal(key: Buffer, owner: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The secret back; throws when the ciphertext, its key or its owner does not match. */
export function unseal(key: Buffer, owner: string, stored: string): string {
  const [version, payload] = stored.split(':');
  if (version !== VERSION || !payload) throw new Error('unknown sealed format');
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** Seals a file's bytes at rest (AES-256-GCM, `owner` as its additional data): iv, tag, then the body. */
export function sealBytes(key: Buffer, owner: string, bytes: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The bytes back; throws when the file, its key or its owner does not match. */
export function unsealBytes(key: Buffer, owner: string, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
