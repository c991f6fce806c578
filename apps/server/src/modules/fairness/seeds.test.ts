import { describe, expect, it } from 'vitest';
import {
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  newClientSeed,
  newServerSeed,
  verifyServerSeed,
} from './seeds';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('server seed commitment', () => {
  it('a new server seed is 32 random bytes in hex, never repeated', () => {
    const a = newServerSeed();
    const b = newServerSeed();
    expect(isServerSeed(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('the commitment is SHA-256 of the raw seed bytes (pinned known answer)', () => {
    expect(hashServerSeed(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('verify accepts the revealed seed against its hash and rejects any other seed or hash', () => {
    const seed = newServerSeed();
    const hash = hashServerSeed(seed);
    expect(verifyServerSeed(seed, hash)).toBe(true);
    expect(verifyServerSeed(newServerSeed(), hash)).toBe(false);
    expect(verifyServerSeed(seed, hashServerSeed(SEED))).toBe(false);
    expect(verifyServerSeed('not-a-seed', hash)).toBe(false);
    expect(verifyServerSeed(seed, 'zz')).toBe(false);
  });

  it('client seeds are 1–64 printable characters without ":"; random ones qualify', () => {
    expect(isClientSeed(newClientSeed())).toBe(true);
    expect(isClientSeed('lucky 7!')).toBe(true);
    expect(isClientSeed('a:b')).toBe(false);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(isClientSeed('tab\there')).toBe(false);
  });
});
