import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { fixedClock } from '../../lib/clock';
import { openTestDatabase, TEST_NOW } from '../../test-support/test-db';
import { MAX_CODE_ATTEMPTS, verificationService } from './verification.service';

describe('verification codes', () => {
  let h: DatabaseHandle;
  const clock = fixedClock(TEST_NOW);
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());
  const base = {
    merchantId: 1,
    channel: 'sms' as const,
    recipient: '+63 9170000001',
    purpose: 'register' as const,
    ttlMs: 5 * 60_000,
  };

  it('a code is numeric, works once, and only for its recipient and purpose', async () => {
    const v = verificationService(h.db, clock);
    const code = await v.issue(base);
    expect(code).toMatch(/^\d{6}$/);
    expect(await v.consume({ ...base, purpose: 'reset', code })).toBe(false);
    expect(await v.consume({ ...base, recipient: '+63 9170000002', code })).toBe(false);
    expect(await v.consume({ ...base, code })).toBe(true);
    expect(await v.consume({ ...base, code })).toBe(false);
  });

  it('expires after its time, and a newer code replaces the older one', async () => {
    const v = verificationService(h.db, clock);
    const old = await v.issue({ ...base, recipient: '+63 9170000003' });
    const current = await v.issue({ ...base, recipient: '+63 9170000003' });
    expect(
      await v.consume({ ...base, recipient: '+63 9170000003', code: old === current ? '000000' : old }),
    ).toBe(false);
    const late = await v.issue({ ...base, recipient: '+63 9170000004' });
    clock.advance(5 * 60_000 + 1);
    expect(await v.consume({ ...base, recipient: '+63 9170000004', code: late })).toBe(false);
    clock.advance(-(5 * 60_000 + 1));
  });

  it(`is void after ${MAX_CODE_ATTEMPTS} wrong guesses, even for the right code`, async () => {
    const v = verificationService(h.db, clock);
    const code = await v.issue({ ...base, recipient: '+63 9170000005' });
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++)
      expect(await v.consume({ ...base, recipient: '+63 9170000005', code: wrong })).toBe(false);
    expect(await v.consume({ ...base, recipient: '+63 9170000005', code })).toBe(false);
  });
});
