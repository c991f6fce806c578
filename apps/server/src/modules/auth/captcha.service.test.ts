import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { fixedClock } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { openTestDatabase, TEST_NOW } from '../../test-support/test-db';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha } from './captcha-image';
import { captchaService, CAPTCHA_TTL_MS } from './captcha.service';

describe('captcha', () => {
  let h: DatabaseHandle;
  const clock = fixedClock(TEST_NOW);
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(async () => h.close());

  // The stored hash binds merchant, device and answer; a test can find the answer by trying all 10,000.
  const solve = async (device: string) => {
    const row = await h.db
      .selectFrom('captcha')
      .select('answer_hash')
      .where('device', '=', device)
      .executeTakeFirstOrThrow();
    for (let n = 0; n < 10_000; n++) {
      const a = String(n).padStart(4, '0');
      if (sha256Hex(`1:${device}:${a}`) === row.answer_hash) return a;
    }
    throw new Error('unsolvable');
  };

  it('draws a real PNG of the expected size', () => {
    const png = drawCaptcha('4821');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(CAPTCHA_WIDTH);
    expect(png.readUInt32BE(20)).toBe(CAPTCHA_HEIGHT);
    const idatLen = png.readUInt32BE(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLen));
    expect(raw.length).toBe((CAPTCHA_WIDTH * 3 + 1) * CAPTCHA_HEIGHT);
  });

  it('accepts the right answer once, never twice; stores no answer in the clear', async () => {
    const s = captchaService(h.db, clock);
    const img = await s.create(1, 'device-aaaa-1');
    expect(Buffer.from(img, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const answer = await solve('device-aaaa-1');
    const row = await h.db
      .selectFrom('captcha')
      .selectAll()
      .where('device', '=', 'device-aaaa-1')
      .executeTakeFirstOrThrow();
    expect(row.answer_hash).not.toContain(answer);
    expect(await s.verify(1, 'device-aaaa-1', answer)).toBe(true);
    expect(await s.verify(1, 'device-aaaa-1', answer)).toBe(false);
  });

  it('a wrong answer uses the captcha up; another device or merchant cannot use it; it expires', async () => {
    const s = captchaService(h.db, clock);
    await s.create(1, 'device-bbbb-1');
    const answer = await solve('device-bbbb-1');
    expect(await s.verify(1, 'device-cccc-1', answer)).toBe(false);
    expect(await s.verify(2, 'device-bbbb-1', answer)).toBe(false);
    expect(await s.verify(1, 'device-bbbb-1', answer === '0000' ? '0001' : '0000')).toBe(false);
    expect(await s.verify(1, 'device-bbbb-1', answer)).toBe(false);

    await s.create(1, 'device-dddd-1');
    const late = await solve('device-dddd-1');
    clock.advance(CAPTCHA_TTL_MS + 1);
    expect(await s.verify(1, 'device-dddd-1', late)).toBe(false);
  });

  it('a new captcha for the same device replaces the old one', async () => {
    const s = captchaService(h.db, clock);
    await s.create(1, 'device-eeee-1');
    await s.create(1, 'device-eeee-1');
    const rows = await h.db
      .selectFrom('captcha')
      .select('id')
      .where('device', '=', 'device-eeee-1')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
