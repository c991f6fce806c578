// Commit–reveal seeds (DESIGN.md "Games"): the server seed stays secret until rotation; players see its
// SHA-256 first, so the house cannot change the seed after the bets are in.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const SEED_HEX = /^[0-9a-f]{64}$/;
// Printable ASCII without ':' so that `${clientSeed}:${nonce}:${cursor}` can never be ambiguous.
const CLIENT_SEED = /^[\x20-\x39\x3b-\x7e]{1,64}$/;

/** A fresh server seed: 32 bytes from the OS CSPRNG, as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A random client seed for players who do not choose one. */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

export function isServerSeed(seed: string): boolean {
  return SEED_HEX.test(seed);
}

export function isClientSeed(seed: string): boolean {
  return CLIENT_SEED.test(seed);
}

/** The public commitment: SHA-256 of the seed's 32 raw bytes, hex. */
export function hashServerSeed(serverSeed: string): string {
  if (!isServerSeed(serverSeed)) throw new Error('server seed must be 64 lowercase hex characters');
  return createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex');
}

/** True when a revealed seed matches the hash that was shown before play. */
export function verifyServerSeed(serverSeed: string, hash: string): boolean {
  if (!isServerSeed(serverSeed) || !SEED_HEX.test(hash)) return false;
  return timingSafeEqual(Buffer.from(hashServerSeed(serverSeed), 'hex'), Buffer.from(hash, 'hex'));
}
