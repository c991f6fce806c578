import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';

const DATA_KEY = 'card.data-key';
const HASH_KEY = 'card.hash-key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface CardKeys {
  /** AES-256-GCM key for the card numbers. */
  data: Buffer;
  /** HMAC-SHA256 key for the number's fingerprint (the unique index), so equality needs no decryption. */
  hash: Buffer;
}

/**
 * A 32-byte secret shared by every API process: the first process to need it creates it (insert … on
 * conflict do nothing, then read back, so two creators at once end up with the same key).
 */
async function sharedSecret(db: Database, name: string): Promise<Buffer> {
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

// Per database handle, not per module: tests open several databases in one process, each with its keys.
const cache = new WeakMap<Database, Promise<CardKeys>>();

/** The card keys of this database, loaded (or created) once per process. */
export function cardKeys(db: Database): Promise<CardKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = Promise.all([sharedSecret(db, DATA_KEY), sharedSecret(db, HASH_KEY)]).then(([data, hash]) => ({
      data,
      hash,
    }));
    // A failed load (database down) must not stay cached for the life of the process.
    keys.catch(() => cache.delete(db));
    cache.set(db, keys);
  }
  return keys;
}

/**
 * Encrypts a card number for one owner: the merchant and member are the additional authenticated data, so
 * a ciphertext copied onto another member's row does not decrypt.
 */
export function encryptCardNumber(keys: CardKeys, owner: string, cardNumber: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.data, iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(cardNumber, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The card number back (operator payout view only); throws when the ciphertext or owner does not match. */
export function decryptCardNumber(keys: CardKeys, owner: string, stored: string): string {
  const [version, payload] = stored.split(':');
  if (version !== VERSION || !payload) throw new Error('unknown card ciphertext format');
  const raw = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keys.data, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** The owner string bound into a card's ciphertext. */
export const cardOwner = (merchantId: number, memberId: bigint) => `${merchantId}:${memberId}`;

/** The number's keyed fingerprint: equal numbers give equal hashes within this installation only. */
export function cardHash(keys: CardKeys, cardNumber: string): string {
  return createHmac('sha256', keys.hash).update(cardNumber).digest('hex');
}

/** What a member may see of a card. */
export const maskCard = (last4: string) => `**** **** **** ${last4}`;
