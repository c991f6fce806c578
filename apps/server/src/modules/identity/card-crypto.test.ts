import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test-support/test-db';
import { itRaces } from '../../test-support/races';
import { cardHash, cardKeys, cardOwner, decryptCardNumber, encryptCardNumber, maskCard } from './card-crypto';

describe('card encryption', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  it('WALLET-003 the data and hash keys are created once and shared', async () => {
    // Two callers of one process share one load.
    const loads = await Promise.all([cardKeys(h.db), cardKeys(h.db)]);
    expect(loads[0]).toBe(loads[1]);
    const rows = await h.db.selectFrom('app_secret').select(['name', 'value']).orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual(['card.data-key', 'card.hash-key']);
    expect(Buffer.from(rows[0]!.value, 'base64')).toEqual(loads[0].data);
    expect(loads[0].data).toHaveLength(32);
    expect(loads[0].data.equals(loads[0].hash)).toBe(false);
  });

  itRaces(
    'WALLET-003 the keys are race-safe: processes creating them at once all get the same pair',
    async () => {
      const fresh = await openTestDatabase();
      try {
        // The keys are cached per handle: a handle of its own for each "process", on one new database.
        const loads = await Promise.all(
          Array.from({ length: 6 }, () => cardKeys(fresh.db.withSchema('public'))),
        );
        for (const k of loads) expect([k.data, k.hash]).toEqual([loads[0]!.data, loads[0]!.hash]);
        const rows = await fresh.db.selectFrom('app_secret').select('name').orderBy('name').execute();
        expect(rows.map((r) => r.name)).toEqual(['card.data-key', 'card.hash-key']);
      } finally {
        await fresh.close();
      }
    },
  );

  it('WALLET-003 AES-256-GCM round trip bound to its owner; tampering or another owner does not decrypt', async () => {
    const keys = await cardKeys(h.db);
    const owner = cardOwner(1, 42n);
    const enc = encryptCardNumber(keys, owner, '4111222233334444');
    expect(enc).not.toContain('4111222233334444');
    expect(encryptCardNumber(keys, owner, '4111222233334444')).not.toBe(enc);
    expect(decryptCardNumber(keys, owner, enc)).toBe('4111222233334444');
    expect(() => decryptCardNumber(keys, cardOwner(1, 43n), enc)).toThrow();
    const raw = Buffer.from(enc.slice(3), 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => decryptCardNumber(keys, owner, `v1:${raw.toString('base64')}`)).toThrow();
  });

  it('WALLET-003 the fingerprint is a keyed HMAC: stable for a number, different across numbers', async () => {
    const keys = await cardKeys(h.db);
    expect(cardHash(keys, '4111222233334444')).toBe(cardHash(keys, '4111222233334444'));
    expect(cardHash(keys, '4111222233334444')).not.toBe(cardHash(keys, '4111222233334445'));
    expect(maskCard('1234')).toBe('**** **** **** 1234');
  });
});
