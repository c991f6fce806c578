import { createHmac } from 'node:crypto';
import type { Database } from '../../db/database';
import { seal, sharedKey, unseal } from '../../lib/sealed';

const DATA_KEY = 'card.data-key';
const HASH_KEY = 'card.hash-key';

export interface CardKeys {
  /** AES-256-GCM key for the card numbers. */
  data: Buffer;
  /** HMAC-SHA256 key for the number's fingerprint (the unique index), so equality needs no decryption. */
  hash: Buffer;
}

// Per database handle, not per module: tests open several databases in one process, each with its keys.
const cache = new WeakMap<Database, Promise<CardKeys>>();

/** The card keys of this database, loaded (or created) once per process. */
export function cardKeys(db: Database): Promise<CardKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = Promise.all([sharedKey(db, DATA_KEY), sharedKey(db, HASH_KEY)]).then(([data, hash]) => ({
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
  return seal(keys.data, owner, cardNumber);
}

/** The card number back (operator payout view only); throws when the ciphertext or owner does not match. */
export function decryptCardNumber(keys: CardKeys, owner: string, stored: string): string {
  return unseal(keys.data, owner, stored);
}

/** The owner string bound into a card's ciphertext. */
export const cardOwner = (merchantId: number, memberId: bigint) => `${merchantId}:${memberId}`;

/** The number's keyed fingerprint: equal numbers give equal hashes within this installation only. */
export function cardHash(keys: CardKeys, cardNumber: string): string {
  return createHmac('sha256', keys.hash).update(cardNumber).digest('hex');
}

/** What a member may see of a card. */
export const maskCard = (last4: string) => `**** **** **** ${last4}`;
